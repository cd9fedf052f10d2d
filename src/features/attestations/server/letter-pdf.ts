import "server-only";
import { PDFDocument, StandardFonts } from "pdf-lib";
import QRCode from "qrcode";
import { FINDING_SEVERITIES, FINDING_SEVERITY_LABELS } from "@/lib/domain/finding";
import { formatDate } from "@/lib/format";
import { MARGIN, MUTED, PdfWriter, RIGHT } from "@/server/core/pdf-writer";
import type { LetterFacts } from "./letter-facts";

// The letter as a PDF (docs/PRODUCT.md#verifying-a-letter): the facts it signs, its code, its
// address and a QR code of it, and the JWS printed small at the end, so a reader on paper can check
// it online and a reader of the file offline.

const QR_SIZE = 110;

/** The PDF's bytes: the letter's facts, code, address, QR code and JWS. */
export async function renderLetterPdf({ facts, jws, state }: { facts: LetterFacts; jws: string; state: string }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Attestation letter ${facts.code}`);
  pdf.setAuthor(facts.firm);
  pdf.setSubject(facts.verifyUrl);
  const w = new PdfWriter(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));
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
