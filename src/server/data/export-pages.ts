import "server-only";
import { type AnyColumn, isNull, or, type SQL, sql } from "drizzle-orm";

/** Rows per database round trip of a CSV export: memory stays at one page, whatever the total. */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * Reads a whole result page by page with keyset pagination: each page starts after the last row
 * of the one before (never OFFSET, which rereads everything it skips), and a page shorter than
 * the page size is the last.
 */
export async function* keysetPages<Row, Cursor>(
  readPage: (after: Cursor | null, limit: number) => Promise<Row[]>,
  cursorOf: (row: Row) => Cursor,
  pageSize: number = EXPORT_PAGE_SIZE,
): AsyncGenerator<Row[]> {
  let after: Cursor | null = null;
  for (;;) {
    const rows = await readPage(after, pageSize);
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    after = cursorOf(rows[rows.length - 1]!);
  }
}

/**
 * The keyset condition for `order by <date> desc nulls last, <id> desc`: rows after the cursor
 * are older dates, the same date with a smaller id, or (until the cursor reaches them) no date.
 */
export function afterDateDescNullsLast(date: AnyColumn, id: AnyColumn, cursor: { date: string | null; id: string } | null): SQL | undefined {
  if (!cursor) return undefined;
  if (cursor.date === null) return sql`${date} is null and ${id} < ${cursor.id}::uuid`;
  return or(sql`(${date}, ${id}) < (${cursor.date}::date, ${cursor.id}::uuid)`, isNull(date));
}

export const dateDescNullsLast = (date: AnyColumn, id: AnyColumn) => [sql`${date} desc nulls last`, sql`${id} desc`];
