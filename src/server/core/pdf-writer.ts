import "server-only";
import { type PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";

// The PDFs the product draws (an invoice, a statement, an attestation letter) go line by line on A4
// with pdf-lib's standard fonts (Helvetica): text they cannot draw prints "?".

export const PAGE = { width: 595.28, height: 841.89 };
export const MARGIN = 56;
export const RIGHT = PAGE.width - MARGIN;
export const INK = rgb(0.12, 0.16, 0.27);
export const MUTED = rgb(0.36, 0.4, 0.47);
export const RULE = rgb(0.85, 0.87, 0.9);

// Helvetica's encoding (WinAnsi): Latin-1 and a few typographic marks; anything else becomes "?".
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
export const drawable = (text: string) =>
  [...text.replace(/\t/g, " ").replace(/[\r\n]+/g, " ")]
    .map((c) => {
      const code = c.codePointAt(0)!;
      return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c) ? c : "?";
    })
    .join("");

type Style = { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; font?: PDFFont };

export class PdfWriter {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  /** Moves down a line of `height`, starting a page when it would not fit. */
  line(height: number) {
    if (this.y - height < MARGIN) this.newPage();
    this.y -= height;
  }

  font(style: Style) {
    return style.font ?? (style.bold ? this.bold : this.regular);
  }

  width(text: string, style: Style = {}) {
    return this.font(style).widthOfTextAtSize(drawable(text), style.size ?? 10);
  }

  at(text: string, x: number, style: Style = {}) {
    this.page.drawText(drawable(text), { x, y: this.y, size: style.size ?? 10, font: this.font(style), color: style.color ?? INK });
  }

  /** Right-aligned so that the text ends at x. */
  endAt(text: string, x: number, style: Style = {}) {
    this.at(text, x - this.width(text, style), style);
  }

  /** Words wrapped to `width`, one line each; a word longer than the line (a token) is cut at the edge. */
  wrap(text: string, width: number, style: Style = {}): string[] {
    const lines: string[] = [];
    let current = "";
    for (let word of drawable(text).split(/\s+/).filter(Boolean)) {
      while (this.width(word, style) > width) {
        let cut = word.length;
        while (cut > 1 && this.width(word.slice(0, cut), style) > width) cut--;
        if (current) lines.push(current);
        lines.push(word.slice(0, cut));
        current = "";
        word = word.slice(cut);
      }
      const next = current ? `${current} ${word}` : word;
      if (this.width(next, style) <= width || !current) current = next;
      else {
        lines.push(current);
        current = word;
      }
    }
    if (current) lines.push(current);
    return lines.length > 0 ? lines : [""];
  }

  /** The text on one line of `width`: whole when it fits, else cut with an ellipsis, so a reader sees that it goes on. */
  fit(text: string, width: number, style: Style = {}): string {
    const whole = drawable(text);
    if (this.width(whole, style) <= width) return whole;
    let cut = whole.length;
    while (cut > 0 && this.width(`${whole.slice(0, cut).trimEnd()}…`, style) > width) cut--;
    return `${whole.slice(0, cut).trimEnd()}…`;
  }

  /** The text wrapped to `width` from x, a line of `height` between its lines. */
  paragraph(text: string, x: number, width: number, style: Style = {}, height = 13) {
    for (const [i, piece] of this.wrap(text, width, style).entries()) {
      if (i > 0) this.line(height);
      this.at(piece, x, style);
    }
  }

  /** The firm's name and address (Settings) on the left, the document's title on the right. */
  firmHeader(firm: { name: string; address: string | null }, title: string) {
    this.line(18);
    this.at(firm.name, MARGIN, { size: 16, bold: true });
    this.endAt(title, RIGHT, { size: 16, bold: true });
    for (const part of (firm.address ?? "").split(/\r?\n/).filter((p) => p.trim() !== "")) {
      this.line(13);
      this.at(part.trim(), MARGIN, { color: MUTED });
    }
  }

  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y - 4 }, end: { x: RIGHT, y: this.y - 4 }, thickness: 0.5, color: RULE });
  }
}
