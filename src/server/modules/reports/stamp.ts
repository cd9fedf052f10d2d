import "server-only";
import { degrees, PDFDocument, rgb, StandardFonts } from "pdf-lib";

/** Who a copy was made for, stamped on every page (docs/PRODUCT.md#portal-reports). */
export type StampRecipient = { name: string; email: string; company: string; at: Date; downloadId: string };

/** The stamp's lines. Helvetica's WinAnsi encoding has no glyph for most non-Latin text: those characters become "?". */
export function stampLines({ name, email, company, at, downloadId }: StampRecipient): string[] {
  const when = `${at.toISOString().slice(0, 19).replace("T", " ")} UTC`;
  return [`Confidential. Prepared for ${name} <${email}>, ${company}`, `Downloaded ${when} - download id ${downloadId}`].map(winAnsi);
}

const winAnsi = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, "?");

/**
 * A copy of the PDF with the recipient stamped on every page: two lines along the foot of the
 * page and the e-mail once across its middle, light enough to read the report through. The
 * original is not changed. Objects are written without object streams, the quicker save.
 */
export async function stampPdf(original: Uint8Array, recipient: StampRecipient): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(original, { updateMetadata: false });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const [line1, line2] = stampLines(recipient) as [string, string];
  const mark = winAnsi(recipient.email);
  for (const page of pdf.getPages()) {
    const { width, height } = page.getSize();
    const size = Math.max(6, Math.min(8, width / 80));
    page.drawText(line1, { x: 24, y: 22, size, font, color: rgb(0.35, 0.35, 0.35) });
    page.drawText(line2, { x: 24, y: 12, size, font, color: rgb(0.35, 0.35, 0.35) });
    page.drawText(mark, {
      x: width * 0.18,
      y: height * 0.4,
      size: Math.max(12, Math.min(28, width / 24)),
      font,
      color: rgb(0.6, 0.6, 0.6),
      opacity: 0.18,
      rotate: degrees(35),
    });
  }
  return pdf.save({ useObjectStreams: false });
}

/** Whether pdf-lib reads the file (an encrypted or damaged PDF it refuses): what a report must be. */
export async function canStamp(bytes: Uint8Array): Promise<boolean> {
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    return pdf.getPageCount() > 0;
  } catch {
    return false;
  }
}
