// The text shown on each page of a PDF, as far as the stamp's checks need it: the strings drawn by
// Tj/TJ in each page's content streams (inflated when compressed), hex or literal. Enough for PDFs
// made by pdf-lib and the demo files; no layout, no font encodings beyond Latin-1.
import { inflateSync } from "node:zlib";
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFRef } from "pdf-lib";

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

/** The drawn strings of each page, joined by spaces. */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const contents = page.node.get(PDFName.of("Contents"));
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    const source = refs
      .map((ref) => pdf.context.lookup(ref as PDFRef))
      .filter((obj): obj is PDFRawStream => obj instanceof PDFRawStream)
      .map(streamText)
      .join("\n");
    const strings: string[] = [];
    for (const match of source.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      strings.push(
        match[1] !== undefined ? Buffer.from(match[1].replace(/\s/g, ""), "hex").toString("latin1") : unescapeLiteral(match[2]!),
      );
    }
    return strings.join(" ");
  });
}
