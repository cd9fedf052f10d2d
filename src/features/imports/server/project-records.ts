import "server-only";
import { getTableName, sql, type SQLWrapper } from "drizzle-orm";
import { findingImports } from "./schema/imports";

/** Whether a scan file was imported for the project, in the caller's own statement. */
export const projectHasImportsSql = (projectId: SQLWrapper) =>
  // Aliased by hand: in a one-table select drizzle leaves column names unqualified.
  sql<boolean>`exists (select 1 from ${sql.identifier(getTableName(findingImports))} dependent where dependent.project_id = ${projectId})`;
