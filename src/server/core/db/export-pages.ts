import "server-only";
import { type AnyColumn, and, desc, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";

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
    // A turn of the event loop between pages: with PGlite (in this process) a long export would
    // otherwise run in promise jobs only, and keep every other request waiting until it ends.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Rows newest date first, rows without a date last, in keyset pages: first the dated rows by
 * (date, id) descending, then the undated ones by id descending. Each half is one range of the
 * (date, id) index read backwards, so every page costs the same however deep the export is.
 */
export async function* dateDescPages<Row extends { id: string }>(
  readPage: (where: SQL, orderBy: SQL[], limit: number) => Promise<Row[]>,
  { date, id, dateOf, pageSize }: { date: AnyColumn; id: AnyColumn; dateOf: (row: Row) => string | null; pageSize?: number },
): AsyncGenerator<Row[]> {
  yield* keysetPages<Row, { date: string; id: string }>(
    (after, limit) =>
      readPage(
        and(isNotNull(date), after ? sql`(${date}, ${id}) < (${after.date}::date, ${after.id}::uuid)` : undefined)!,
        [desc(date), desc(id)],
        limit,
      ),
    (row) => ({ date: dateOf(row)!, id: row.id }),
    pageSize,
  );
  yield* keysetPages<Row, string>(
    (after, limit) => readPage(and(isNull(date), after ? lt(id, after) : undefined)!, [desc(id)], limit),
    (row) => row.id,
    pageSize,
  );
}
