import "server-only";
import { ilike, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * `%text%` for ILIKE with the user's wildcards escaped: searching "50%" or "a_b" matches those
 * characters literally. Backslash is PostgreSQL's default LIKE escape character.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Rows where any of `columns` contains the search text (trimmed, wildcards literal); no condition when it is empty. */
export function containsAny(q: string, columns: Parameters<typeof ilike>[0][]): SQL | undefined {
  const search = q.trim();
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** One page of a list: its rows, how many rows match in all, and which page this is. */
export type Paged<T> = { rows: T[]; total: number; page: number; pageSize: number };

/** How many rows the query matches before LIMIT/OFFSET, carried on every row. */
export const matchingCount = () => sql<number>`count(*) over ()`.mapWith(Number);

/** The OFFSET of a 1-based page. */
export const pageOffset = (page: number, pageSize: number) => (page - 1) * pageSize;

/** Takes the `total` every row carries (see matchingCount) off the rows: no rows means none match. */
export function splitTotal<R extends { total: number }>(rows: R[]): { rows: Omit<R, "total">[]; total: number } {
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

/** A subquery's count or sum as a number (PostgreSQL sends bigint and numeric as text). */
export const asNumber = (value: SQLWrapper) => sql<number>`${value}`.mapWith(Number);
