import "server-only";
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import QRCode from "qrcode";
import { FINDING_SEVERITIES, FINDING_SEVERITY_LABELS } from "@/lib/domain/finding";
import { formatDate } from "@/lib/format";
import type { LetterFacts } from "./letter-facts";

// The letter as a PDF (docs/PRODUCT.md#verifying-a-letter), drawn like the invoice's: the facts it
// signs, its code, its address and a QR code of it, and the JWS printed small at the end, so a
// reader on paper can check it online and a reader of the file offline. Standard Helvetica: text
// it cannot draw prints "?".

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const RIGHT = PAGE.width - MARGIN;
const INK = rgb(0.12, 0.16, 0.27);
const MUTED = rgb(0.36, 0.4, 0.47);
const RULE = rgb(0.85, 0.87, 0.9);
const QR_SIZE = 110;

const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const drawable = (text: string) =>
  [...text.replace(/\t/g, " ").replace(/[\r\n]+/g, " ")]
    .map((c) => {
      const code = c.codePointAt(0)!;
      return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c) ? c : "?";
    })
    .join("");

type Style = { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; font?: PDFFont };

class LetterWriter {
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

  endAt(text: string, x: number, style: Style = {}) {
    this.at(text, x - this.width(text, style), style);
  }

  /** Words wrapped to `width`; a word longer than the line (the JWS) is cut where it reaches the edge. */
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

  paragraph(text: string, x: number, width: number, style: Style = {}, height = 13) {
    for (const [i, piece] of this.wrap(text, width, style).entries()) {
      if (i > 0) this.line(height);
      this.at(piece, x, style);
    }
  }

  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y - 4 }, end: { x: RIGHT, y: this.y - 4 }, thickness: 0.5, color: RULE });
  }
}

/** The PDF's bytes: the letter's facts, code, address, QR code and JWS. */
export async function renderLetterPdf({ facts, jws, state }: { facts: LetterFacts; jws: string; state: string }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Attestation letter ${facts.code}`);
  pdf.setAuthor(facts.firm);
  pdf.setSubject(facts.verifyUrl);
  const w = new LetterWriter(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));
  const mono = await pdf.embedFont(StandardFonts.Courier);
  const qr = await pdf.embedPng(await QRCode.toBuffer(facts.verifyUrl, { type: "png", errorCorrectionLevel: "M", margin: 1, width: 330 }));

  // Heading, with the QR code at the top right.
  const top = w.y;
  w.page.drawImage(qr, { x: RIGHT - QR_SIZE, y: top - QR_SIZE + 12, width: QR_SIZE, height: QR_SIZE });
  const textWidth = RIGHT - MARGIN - QR_SIZE - 16;
  w.line(18);
  w.at(facts.firm, MARGIN, { size: 16, bold: true });
  w.line(22);
  w.at("Attestation letter", MARGIN, { size: 13, bold: true });
  w.line(16);
  w.at(`Code ${facts.code}`, MARGIN, { bold: true });
  w.line(14);
  w.at(`Issued ${formatDate(facts.issuedAt)}`, MARGIN, { color: MUTED });
  w.line(14);
  w.paragraph(`Check it at ${facts.verifyUrl}`, MARGIN, textWidth, { color: MUTED });
  if (state !== "Valid") {
    w.line(14);
    w.at(state === "Revoked" ? "This letter was revoked by the firm." : "This letter was superseded by a newer letter.", MARGIN, {
      bold: true,
    });
  }
  w.y = Math.min(w.y, top - QR_SIZE);

  const section = (title: string) => {
    w.line(26);
    w.at(title, MARGIN, { bold: true, size: 11 });
    w.rule();
    w.line(4);
  };
  const fact = (label: string, value: string) => {
    w.line(15);
    w.at(label, MARGIN, { color: MUTED });
    w.paragraph(value, MARGIN + 120, RIGHT - MARGIN - 120);
  };

  section("Engagement");
  fact("Tested by", facts.firm);
  fact("Client", facts.client);
  fact("Testing window", `${formatDate(facts.window.start)} to ${formatDate(facts.window.end)}`);
  fact("Testers", facts.testers.join(", "));
  fact("Scope", facts.scope);
  fact("Methodology", facts.methodology);

  section("Findings");
  w.line(15);
  const head = { bold: true, size: 9, color: MUTED };
  w.at("SEVERITY", MARGIN, head);
  w.endAt("FOUND", MARGIN + 260, head);
  w.endAt("VERIFIED FIXED", MARGIN + 360, head);
  for (const severity of FINDING_SEVERITIES) {
    const count = facts.findings[severity];
    w.line(14);
    w.at(FINDING_SEVERITY_LABELS[severity], MARGIN);
    w.endAt(String(count.found), MARGIN + 260);
    w.endAt(String(count.fixed), MARGIN + 360);
  }
  fact("Retest", facts.retest.date ? `${facts.retest.status}, ${formatDate(facts.retest.date)}` : facts.retest.status);

  section("What this letter does not say");
  w.line(15);
  w.paragraph(facts.doesNotSay, MARGIN, RIGHT - MARGIN);

  section("Signature (JWS, EdDSA)");
  w.line(15);
  w.paragraph(
    "The facts above, signed by the firm. Check the token against the firm's public keys at " +
      `${new URL("/.well-known/jwks.json", facts.verifyUrl).toString()} with any JOSE library.`,
    MARGIN,
    RIGHT - MARGIN,
    { size: 9, color: MUTED },
    12,
  );
  w.line(14);
  w.paragraph(jws, MARGIN, RIGHT - MARGIN, { size: 6, font: mono }, 8);
  return pdf.save();
}
