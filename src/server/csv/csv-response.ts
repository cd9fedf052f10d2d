import "server-only";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { stringify } from "csv-stringify";

/** One column of an export: its header and how a row gives the cell (text, or "" for none). */
export type CsvColumn<T> = { header: string; cell: (row: T) => string | null | undefined };

/**
 * The csv-stringify options of every export (docs/PRODUCT.md#csv-exports): a UTF-8 BOM so
 * spreadsheet programs read the text as UTF-8, CRLF records and quotes only where RFC 4180 needs
 * them, and an apostrophe before any cell a spreadsheet would run as a formula (=, +, -, @, tab,
 * CR, and their full-width forms).
 */
export const CSV_OPTIONS = { bom: true, record_delimiter: "windows", escape_formulas: true } as const;

/** `invoices-2026-11-22.csv`: the export's name and today's date (UTC). */
export function csvFileName(name: string, now: Date = new Date()): string {
  return `${name}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * A download answer that streams the rows through csv-stringify as the pages arrive from the
 * database. The rows are pulled: a slow reader pauses the query loop (backpressure through the
 * pipeline), and a reader that goes away ends the generator, so no more pages are read.
 */
export function csvResponse<T>({ name, columns, pages }: { name: string; columns: CsvColumn<T>[]; pages: AsyncIterable<T[]> }): Response {
  async function* records() {
    yield columns.map((column) => column.header);
    for await (const page of pages) {
      for (const row of page) yield columns.map((column) => column.cell(row) ?? "");
    }
  }
  const stringifier = stringify(CSV_OPTIONS);
  pipeline(Readable.from(records()), stringifier).catch((error: unknown) => {
    // The answer has started: a failure can only cut the download short (the browser shows it as
    // failed), so it is logged here; a reader that went away is no failure.
    if ((error as { code?: string }).code !== "ERR_STREAM_PREMATURE_CLOSE") console.error("[csv] export failed:", error);
  });
  return new Response(Readable.toWeb(stringifier) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(name)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
