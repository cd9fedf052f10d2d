import "server-only";
import { stringify } from "csv-stringify/sync";

/** One column of an export: its header and how a row gives the cell (text, or "" for none). */
export type CsvColumn<T> = { header: string; cell: (row: T) => string | null | undefined };

/**
 * The csv-stringify options of every export (docs/PRODUCT.md#csv-exports): CRLF records and every
 * field quoted, so no cell's text is ever read as a delimiter by a parser that honours quotes. The
 * UTF-8 BOM, so spreadsheet programs read the text as UTF-8, goes before the header only.
 */
export const CSV_OPTIONS = { record_delimiter: "windows", quoted: true, quoted_empty: true } as const;

// A spreadsheet runs a cell as a formula when it starts with one of these (full-width forms too:
// Apple Numbers folds them). A program that splits on ";", a tab or a line instead of the comma
// (or that ignores the quotes) starts a cell after any of those too, so a formula character is
// neutralised there as well, spaces before it included (OWASP, CSV injection).
const FORMULA_START = /(?<=(?:^|[,;\t\r\n]) *)(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g;

/** The cell's text with an apostrophe before every formula start, so a spreadsheet shows it as text. */
export function neutraliseFormulas(text: string): string {
  return text.replace(FORMULA_START, "'");
}

const csvText = (records: string[][], bom = false) =>
  stringify(
    records.map((cells) => cells.map(neutraliseFormulas)),
    { ...CSV_OPTIONS, bom },
  );

/** `invoices-2026-11-22.csv`: the export's name and today's date (UTC). */
export function csvFileName(name: string, now: Date = new Date()): string {
  return `${name}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * A download answer that streams the rows as the pages arrive from the database. Each page goes
 * through csv-stringify at once and leaves as one chunk: per-record streaming cost more than the
 * queries. The stream pulls: the next page is read only when the reader has taken the one before
 * (backpressure), so memory holds about one page; a reader that goes away ends the pages'
 * generator, and no more pages are read.
 */
export function csvResponse<T>({
  name,
  filename = csvFileName(name),
  columns,
  pages,
}: {
  name: string;
  /** The download's file name when the date of the day does not say what it holds (a statement's period). */
  filename?: string;
  columns: CsvColumn<T>[];
  pages: AsyncIterable<T[]>;
}): Response {
  const iterator = pages[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    // The header leaves before the first query, so the download starts at once.
    start(controller) {
      controller.enqueue(encoder.encode(csvText([columns.map((column) => column.header)], true)));
    },
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) {
          controller.close();
          return;
        }
        const records = next.value.map((row) => columns.map((column) => column.cell(row) ?? ""));
        controller.enqueue(encoder.encode(csvText(records)));
      } catch (error) {
        // The answer has started: a failure can only cut the download short (the browser shows
        // it as failed), so it is logged here.
        console.error("[csv] export failed:", error);
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
