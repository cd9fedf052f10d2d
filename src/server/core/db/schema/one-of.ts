import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * `column in ('a', 'b', ...)` with the values written into the SQL text, not bound: a CHECK
 * constraint cannot take parameters, and drizzle-kit compares this text with the last snapshot,
 * so a list from src/lib/domain yields the same constraint as one typed out by hand.
 */
export function oneOf(column: SQLWrapper, values: readonly string[]): SQL {
  return sql`${column} in (${sqlStringList(values)})`;
}

/** 'a', 'b', ... as raw SQL text; only for our own constant lists, never for input. */
export function sqlStringList(values: readonly string[]): SQL {
  return sql.raw(values.map((value) => `'${value.replace(/'/g, "''")}'`).join(", "));
}
