import "server-only";
import { degrees, type PDFFont, PDFDocument, type PDFPage, rgb, type RGB } from "pdf-lib";
import { fontRuns, stampFontkit } from "./stamp-fonts";
import { stampArea, type StampArea, unstampablePage } from "./stamp-geometry";

/** Who a copy was made for, stamped on every page (docs/PRODUCT.md#portal-reports). */
export type StampRecipient = { name: string; email: string; company: string; at: Date; downloadId: string };

/** The stamp's lines, in the recipient's own script (the fonts cover Latin, Greek, Cyrillic, Arabic, Hebrew and CJK). */
export function stampLines({ name, email, company, at, downloadId }: StampRecipient): string[] {
  const when = `${at.toISOString().slice(0, 19).replace("T", " ")} UTC`;
  return [`Confidential. Prepared for ${name} <${email}>, ${company}`, `Downloaded ${when} - download id ${downloadId}`];
}

const MARGIN = 24;
const FOOT = { color: rgb(0.35, 0.35, 0.35), opacity: undefined };
const MARK = { color: rgb(0.6, 0.6, 0.6), opacity: 0.18, angle: 35 };

/** The document's fonts for the stamp: each run of a line in the embedded font that has its characters. */
class StampText {
  private readonly embedded = new Map<number, PDFFont>();

  private readonly measured = new Map<string, { text: string; font: PDFFont; width: number }[]>();
  constructor(private readonly pdf: PDFDocument) {}

  /** Embeds (as a subset: only the glyphs this copy draws) every font the texts need. */
  async prepare(texts: string[]): Promise<void> {
    for (const run of texts.flatMap(fontRuns)) {
      if (this.embedded.has(run.font.index)) continue;
      const font = await this.pdf.embedFont(run.font.bytes, { subset: true });
      // The same lines go on every page: lay each text out once, not once a page (a 200-page
      // report took three times as long to stamp).
      const encoded = new Map<string, ReturnType<PDFFont["encodeText"]>>();
      const encodeText = font.encodeText.bind(font);
      font.encodeText = (text) => encoded.get(text) ?? encoded.set(text, encodeText(text)).get(text)!;
      this.embedded.set(run.font.index, font);
    }
  }

  runs(text: string) {
    let runs = this.measured.get(text);
    if (!runs) {
      runs = fontRuns(text).map((run) => {
        const font = this.embedded.get(run.font.index)!;
        return { text: run.text, font, width: font.widthOfTextAtSize(run.text, 1) };
      });
      this.measured.set(text, runs);
    }
    return runs;
  }

  width(text: string, size: number): number {
    return this.runs(text).reduce((sum, run) => sum + run.width, 0) * size;
  }

  /**
   * Draws the text from (x, y) of the shown page, along `angle` degrees of it, run after run;
   * `area.at` turns each point into the page's coordinates, and the page's /Rotate is added to the
   * angle so the text reads upright as the page is shown.
   */
  draw(
    page: PDFPage,
    area: StampArea,
    text: string,
    at: { x: number; y: number; size: number; angle: number; color: RGB; opacity: number | undefined },
  ) {
    const radians = (at.angle * Math.PI) / 180;
    let offset = 0;
    for (const run of this.runs(text)) {
      const point = area.at(at.x + offset * Math.cos(radians), at.y + offset * Math.sin(radians));
      page.drawText(run.text, {
        ...point,
        size: at.size,
        font: run.font,
        color: at.color,
        opacity: at.opacity,
        rotate: degrees(area.rotation + at.angle),
      });
      offset += run.width * at.size;
    }
  }
}

/** Breaks a line at spaces (inside a word too long for a line, between characters) so each fits `max`. */
export function wrapLine(line: string, widthOf: (text: string) => number, max: number): string[] {
  if (widthOf(line) <= max) return [line]; // Most lines: one measure.
  const lines: string[] = [];
  let current = "";
  for (const char of line) {
    if (current && widthOf(current + char) > max) {
      const space = current.lastIndexOf(" ");
      if (char !== " " && space > 0) {
        lines.push(current.slice(0, space));
        current = current.slice(space + 1);
      } else {
        lines.push(current.trimEnd());
        current = "";
      }
    }
    if (current || char !== " ") current += char;
  }
  if (current) lines.push(current);
  return lines;
}

/**
 * A copy of the PDF with the recipient stamped on every page (docs/PRODUCT.md#portal-reports):
 * lines along the foot of the page as it is shown (inside its CropBox, turned with its /Rotate),
 * wrapped to its width, and the e-mail once across its middle, light enough to read the report
 * through. The original is not changed. Objects are written without object streams, the quicker save.
 */
export async function stampPdf(original: Uint8Array, recipient: StampRecipient): Promise<Uint8Array> {
  return stampPdfWith(original, { lines: stampLines(recipient), mark: recipient.email });
}

/**
 * The same stamp with lines of the caller's own (a copy shared with a third party,
 * docs/PRODUCT.md#sharing-with-third-parties): `lines` along the foot of every page, `mark` across its middle.
 */
export async function stampPdfWith(original: Uint8Array, { lines, mark }: { lines: string[]; mark: string }): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(original, { updateMetadata: false });
  pdf.registerFontkit(stampFontkit);
  const text = new StampText(pdf);
  await text.prepare([...lines, mark]);
  // Most reports have one page size: wrap the lines once per width and size.
  const wrapped = new Map<string, string[]>();
  for (const page of pdf.getPages()) {
    const area = stampArea(page);
    if (!area) continue; // Refused at the upload (stampRefusal); a download is never failed for it.
    const size = Math.max(6, Math.min(8, area.width / 80));
    const key = `${area.width}:${size}`;
    if (!wrapped.has(key))
      wrapped.set(
        key,
        lines.flatMap((line) => wrapLine(line, (t) => text.width(t, size), area.width - 2 * MARGIN)),
      );
    const foot = wrapped.get(key)!;
    foot.forEach((line, n) =>
      text.draw(page, area, line, { x: MARGIN, y: 12 + (foot.length - 1 - n) * (size + 2), size, angle: 0, ...FOOT }),
    );
    // Across the middle, kept within the page both ways.
    const markRoom = Math.min(area.width * 0.75, (area.height * 0.5) / Math.sin((MARK.angle * Math.PI) / 180));
    const markSize = Math.max(8, Math.min(28, area.width / 24, markRoom / Math.max(text.width(mark, 1), 1)));
    text.draw(page, area, mark, { x: area.width * 0.18, y: area.height * 0.4, size: markSize, ...MARK });
  }
  return pdf.save({ useObjectStreams: false });
}

export const UNSTAMPABLE_PDF = (page: number) =>
  `The download stamp would not show on page ${page}: its visible area must be at least 2 × 2 inches and turned by a multiple of 90°. Export it again with a standard page size.`;

/**
 * Why a report could not be stamped, or null: pdf-lib must read it (an encrypted or damaged PDF it
 * refuses) and the stamp must show on each page. Checked at the upload.
 */
export async function stampRefusal(bytes: Uint8Array): Promise<"unreadable" | { page: number } | null> {
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    if (pdf.getPageCount() === 0) return "unreadable";
  } catch {
    return "unreadable"; // Encrypted, damaged, or without a page tree.
  }
  const page = unstampablePage(pdf);
  return page === null ? null : { page };
}
