import "server-only";
import { getTableName, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * The keys among `keys` (a set-returning SQL expression) that rows of `column`'s table refer to, as
 * one `select … as storage_key`: each slice that stores objects hands this for its own column to the
 * orphan sweep, which unions them in one statement.
 */
export const storedKeysIn = (column: AnyPgColumn, keys: SQL): SQL =>
  sql`select ${column} as storage_key from ${sql.identifier(getTableName(column.table))} where ${column} in (${keys})`;
