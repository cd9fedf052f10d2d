import "server-only";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { FINDING_SEVERITY_LABELS, FINDING_STATUS_LABELS } from "@/lib/domain/finding";
import { formatDate } from "@/lib/format";
import { MARGIN, MUTED, PdfWriter, RIGHT } from "@/server/core/pdf-writer";
import type { RetestSummary, SummaryRetest } from "@/features/findings/server";

// A retest summary as a PDF (docs/PRODUCT.md#sharing-with-third-parties): one engagement's retested
// findings, each with its severity, its status now and every retest (requested, decided, result, an
// AI finding's measured rate). Drawn when a copy is asked for, with pdf-lib like the letters and the
// evidence packs; the same data gives the same bytes (its dates are the data's, not the clock's).

export const retestSummaryLabel = (engagement: string) => `Retest summary: ${engagement}`;

function retestLine(r: SummaryRetest): string {
  const asked = `Requested ${formatDate(r.requestedAt)} by ${r.requestedByName}`;
  if (!r.result || !r.decidedAt) return `${asked}; awaiting the firm's result.`;
  const rate = r.measurement
    ? `; measured ${r.measurement.successes} in ${r.measurement.trials} trials (${((100 * r.measurement.successes) / r.measurement.trials).toFixed(1)}%)`
    : "";
  return `${asked}; decided ${formatDate(r.decidedAt)}: ${FINDING_STATUS_LABELS[r.result]}${rate}.`;
}

export async function renderRetestSummaryPdf(summary: RetestSummary, firm: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(retestSummaryLabel(summary.engagement));
  pdf.setAuthor(firm);
  pdf.setCreationDate(summary.lastDecidedAt);
  pdf.setModificationDate(summary.lastDecidedAt);
  const w = new PdfWriter(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));
  const width = RIGHT - MARGIN;

  w.line(18);
  w.at(firm, MARGIN, { size: 16, bold: true });
  w.line(22);
  w.at(retestSummaryLabel(summary.engagement), MARGIN, { size: 13, bold: true });
  w.line(16);
  w.paragraph(`${summary.company} · as of the latest decision, ${formatDate(summary.lastDecidedAt)}`, MARGIN, width, {
    color: MUTED,
    size: 9,
  });
  w.line(14);
  w.paragraph(
    "Each published finding of the engagement that was retested: its severity, its status now, and every retest with its result. A measured rate is the AI finding's successes in the trials the firm ran for that retest.",
    MARGIN,
    width,
    { size: 9 },
  );

  for (const finding of summary.findings) {
    w.line(24);
    w.paragraph(finding.title, MARGIN, width, { bold: true, size: 11 });
    w.rule();
    w.line(16);
    w.at(`${FINDING_SEVERITY_LABELS[finding.severity]} · status now: ${FINDING_STATUS_LABELS[finding.status]}`, MARGIN, {
      color: MUTED,
      size: 9,
    });
    for (const retest of finding.retests) {
      w.line(14);
      w.paragraph(retestLine(retest), MARGIN + 10, width - 10, { size: 9 });
    }
  }
  return pdf.save();
}
