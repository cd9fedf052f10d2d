// The text shown on each page of a PDF, as far as the stamp's checks need it: the strings drawn by
// Tj in each page's content streams (inflated when compressed), hex or literal, with where each is
// drawn (its text matrix, font size and width). Simple fonts are read as Latin-1; composite fonts
// (pdf-lib's embedded Unicode fonts, two bytes a glyph) through their ToUnicode map and /W widths.
// Enough for PDFs made by pdf-lib and the demo files; no layout beyond Tf and Tm.
import { inflateSync } from "node:zlib";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, type PDFObject, type PDFPage, PDFRawStream, type PDFRef } from "pdf-lib";

function streamText(stream: PDFRawStream): string {
  const filter = stream.dict.get(PDFName.of("Filter"));
  const bytes = filter?.toString() === "/FlateDecode" ? inflateSync(stream.contents) : stream.contents;
  return Buffer.from(bytes).toString("latin1");
}

const unescapeLiteral = (s: string) =>
  s.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, c: string) =>
    /^[0-7]/.test(c)
      ? String.fromCharCode(parseInt(c, 8))
      : (({ n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" } as Record<string, string>)[c] ?? c),
  );

/** A composite font's decoding: glyph code to text, and its width in thousandths of the size. */
type CompositeFont = { text: Map<number, string>; width: Map<number, number>; defaultWidth: number };

const utf16 = (hex: string) => Buffer.from(hex, "hex").swap16().toString("utf16le");

function compositeFont(pdf: PDFDocument, dict: PDFDict): CompositeFont | null {
  if (dict.get(PDFName.of("Subtype"))?.toString() !== "/Type0") return null;
  const text = new Map<number, string>();
  const toUnicode = pdf.context.lookup(dict.get(PDFName.of("ToUnicode")));
  if (toUnicode instanceof PDFRawStream) {
    const cmap = streamText(toUnicode);
    const sections = (name: string) => [...cmap.matchAll(new RegExp(`begin${name}([\\s\\S]*?)end${name}`, "g"))].map((m) => m[1]!);
    for (const section of sections("bfchar")) {
      for (const [, code, unicode] of section.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
        text.set(parseInt(code!, 16), utf16(unicode!));
    }
    for (const section of sections("bfrange")) {
      for (const [, from, to, start] of section.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
        for (let code = parseInt(from!, 16); code <= parseInt(to!, 16); code++) {
          text.set(code, String.fromCodePoint(parseInt(start!, 16) + code - parseInt(from!, 16)));
        }
      }
    }
  }
  const width = new Map<number, number>();
  const descendants = pdf.context.lookup(dict.get(PDFName.of("DescendantFonts")));
  const cid = descendants instanceof PDFArray ? pdf.context.lookup(descendants.get(0)) : undefined;
  let defaultWidth = 1000;
  if (cid instanceof PDFDict) {
    const dw = cid.get(PDFName.of("DW"));
    if (dw instanceof PDFNumber) defaultWidth = dw.asNumber();
    const w = pdf.context.lookup(cid.get(PDFName.of("W")));
    const items = w instanceof PDFArray ? w.asArray().map((item) => pdf.context.lookup(item)) : [];
    for (let i = 0; i < items.length;) {
      const first = (items[i] as PDFNumber).asNumber();
      const next = items[i + 1];
      if (next instanceof PDFArray) {
        next.asArray().forEach((value, n) => width.set(first + n, (value as PDFNumber).asNumber()));
        i += 2;
      } else {
        const last = (next as PDFNumber).asNumber();
        for (let code = first; code <= last; code++) width.set(code, (items[i + 2] as PDFNumber).asNumber());
        i += 3;
      }
    }
  }
  return { text, width, defaultWidth };
}

/** One string drawn on a page: its text, font size, text matrix [a b c d e f] and advance (in text space, times the size). */
export type DrawnText = { text: string; size: number; matrix: number[]; width: number | null };

function pageDrawnTexts(pdf: PDFDocument, page: PDFPage): DrawnText[] {
  const contents = page.node.get(PDFName.of("Contents"));
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  const source = refs
    .map((ref) => pdf.context.lookup(ref as PDFRef))
    .filter((obj): obj is PDFRawStream => obj instanceof PDFRawStream)
    .map(streamText)
    .join("\n");
  const fonts = page.node.Resources()?.lookup(PDFName.of("Font"));
  const fontNamed = (name: string) => {
    const dict = fonts instanceof PDFDict ? pdf.context.lookup(fonts.get(PDFName.of(name)) as PDFObject) : undefined;
    return dict instanceof PDFDict ? compositeFont(pdf, dict) : null;
  };
  const drawn: DrawnText[] = [];
  let font: CompositeFont | null = null;
  let size = 0;
  let matrix = [1, 0, 0, 1, 0, 0];
  const number = String.raw`-?[\d.]+`;
  const ops = new RegExp(
    String.raw`/(\S+)\s+(${number})\s+Tf|((?:${number}\s+){6})Tm|<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj|\bBT\b`,
    "g",
  );
  for (const match of source.matchAll(ops)) {
    if (match[1] !== undefined) {
      font = fontNamed(match[1]);
      size = Number(match[2]);
    } else if (match[3] !== undefined) {
      matrix = match[3].trim().split(/\s+/).map(Number);
    } else if (match[0] === "BT") {
      matrix = [1, 0, 0, 1, 0, 0];
    } else if (match[4] !== undefined && font) {
      const hex = match[4].replace(/\s/g, "");
      const codes = Array.from({ length: hex.length / 4 }, (_, i) => parseInt(hex.slice(i * 4, i * 4 + 4), 16));
      const text = codes.map((code) => font!.text.get(code) ?? "\ufffd").join("");
      const width = (codes.reduce((sum, code) => sum + (font!.width.get(code) ?? font!.defaultWidth), 0) / 1000) * size;
      drawn.push({ text, size, matrix, width });
    } else {
      const text = match[4] !== undefined ? Buffer.from(match[4].replace(/\s/g, ""), "hex").toString("latin1") : unescapeLiteral(match[5]!);
      drawn.push({ text, size, matrix, width: null });
    }
  }
  return drawn;
}

/** Every string drawn on each page, with where it is drawn. */
export async function pdfDrawnTexts(bytes: Uint8Array): Promise<DrawnText[][]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => pageDrawnTexts(pdf, page));
}

/** The drawn strings of each page, joined by spaces. */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  return (await pdfDrawnTexts(bytes)).map((texts) => texts.map((drawn) => drawn.text).join(" "));
}
