// The CSV download stream (docs/PRODUCT.md#csv-exports): pages are read only as the reader takes
// them, and a reader that goes away stops the reading.
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { type CsvColumn, csvResponse } from "@/server/core/csv/csv-response";

type Row = { n: number; text: string };
const COLUMNS: CsvColumn<Row>[] = [
  { header: "N", cell: (r) => String(r.n) },
  { header: "Text", cell: (r) => r.text },
];

/** Pages of two rows; records how many pages were read and whether the reading was ended. */
function trackedPages(count: number) {
  const state = { read: 0, ended: false };
  async function* pages() {
    try {
      for (let page = 0; page < count; page += 1) {
        state.read += 1;
        yield [
          { n: page * 2, text: `=cmd ${page}` },
          { n: page * 2 + 1, text: `a "quoted", multi\r\nline ${page}` },
        ];
      }
    } finally {
      state.ended = true;
    }
  }
  return { state, pages: pages() };
}

/** The CSV text of one page of rows, BOM and header included. */
async function csvOf(rows: Row[]): Promise<string> {
  async function* pages() {
    yield rows;
  }
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(
    await csvResponse({ name: "rows", columns: COLUMNS, pages: pages() }).arrayBuffer(),
  );
}

describe("csvResponse", () => {
  it("streams every page as RFC 4180 CSV with a BOM, the header first and formulas made inert", async () => {
    const { state, pages } = trackedPages(3);
    const bytes = new Uint8Array(await csvResponse({ name: "rows", columns: COLUMNS, pages }).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.slice(1, 13)).toBe('"N","Text"\r\n');
    const rows = parse(text, { bom: true }) as string[][];
    expect(rows).toHaveLength(7);
    expect(rows[1]).toEqual(["0", "'=cmd 0"]);
    expect(rows[6]).toEqual(["5", 'a "quoted", multi\r\nline 2']);
    expect(state).toEqual({ read: 3, ended: true });
  });

  it("reads a page only when the reader asks for more, and stops when the reader cancels", async () => {
    const { state, pages } = trackedPages(100);
    const reader = csvResponse({ name: "rows", columns: COLUMNS, pages }).body!.getReader();
    const header = await reader.read();
    expect(new TextDecoder().decode(header.value)).toBe('"N","Text"\r\n');
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain("'=cmd 0");
    // At most one page ahead of the reader.
    expect(state.read).toBeLessThanOrEqual(2);
    await reader.cancel();
    expect(state.ended).toBe(true);
    expect(state.read).toBeLessThanOrEqual(2);
  });

  // A program that splits on ";" (or a tab, or a line) instead of the comma starts a new cell there:
  // a formula character right after one would run as a formula (OWASP, CSV injection).
  it("neutralises a formula start after every character a spreadsheet may split a cell on", async () => {
    const cells = [
      "x;=1+1",
      "a,+cmd",
      "tab\t@SUM(A1)",
      "line\n-2+3",
      "cr\r=1",
      "x;;=1",
      "full;\uFF1D1",
      "a;'=quoted",
      "a; =spaced",
      "=start;=again",
      " \t+lead",
    ];
    const rows = parse(await csvOf(cells.map((text, n) => ({ n, text }))), { bom: true }) as string[][];
    expect(rows.slice(1).map((row) => row[1])).toEqual([
      "x;'=1+1",
      "a,'+cmd",
      "tab\t'@SUM(A1)",
      "line\n'-2+3",
      "cr\r'=1",
      "x;;'=1",
      "full;'\uFF1D1",
      "a;'=quoted",
      "a; '=spaced",
      "'=start;'=again",
      " '\t'+lead",
    ]);
    // Split on ";" as such a program would: no piece starts with a formula character.
    for (const row of rows.slice(1))
      for (const piece of row[1]!.split(/[,;\t\r\n]/)) expect(piece.trimStart()).not.toMatch(/^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/);
  });

  it("quotes every field, empty ones too", async () => {
    const text = await csvOf([
      { n: 1, text: "" },
      { n: 2, text: "plain" },
    ]);
    expect(text.slice(1)).toBe('"N","Text"\r\n"1",""\r\n"2","plain"\r\n');
  });
});
