import "server-only";
import { type PDFFont, PDFDocument, type PDFPage, rgb, type RGB } from "pdf-lib";
import { FINDING_SEVERITIES, FINDING_SEVERITY_LABELS, type FindingSeverity } from "@/lib/domain/finding";
import { boldFont, fontRuns, stampFontkit, type StampFont } from "../stamp-fonts";
import { wrapLine } from "../stamp";
import { executiveSummary } from "./report-docx";
import type { PrintedFinding, ReportModel } from "./report-model";

// The PDF form of a generated report (docs/PRODUCT.md#admin-findings), drawn with pdf-lib in the
// stamp's Noto fonts so any client's or finding's text prints: a cover, scope and dates, the
// executive summary, the severity chart, the OWASP LLM groups, then every finding, text wrapped
// across A4 pages, each numbered.

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { x: 56, top: 64, bottom: 64 };
const WIDTH = PAGE.width - 2 * MARGIN.x;
const INK = rgb(0.12, 0.16, 0.27);
const MUTED = rgb(0.36, 0.4, 0.47);
const SEVERITY_COLORS: Record<FindingSeverity, RGB> = {
  critical: rgb(0.73, 0.11, 0.11),
  high: rgb(0.92, 0.35, 0.05),
  medium: rgb(0.79, 0.54, 0.02),
  low: rgb(0.01, 0.52, 0.78),
  informational: rgb(0.39, 0.45, 0.55),
};

type TextStyle = { size: number; color?: RGB; bold?: boolean; indent?: number; gapAfter?: number };

// Tabs as spaces, other control characters (and a byte-order mark) left out: no font draws them.
const printable = (text: string) => text.replace(/\t/g, "    ").replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\ufeff]/g, "");

/** Lays text out top to bottom, starting a page when the next line does not fit. */
class ReportWriter {
  private readonly embedded = new Map<number, PDFFont>();
  page!: PDFPage;
  y = 0;

  constructor(readonly pdf: PDFDocument) {}

  newPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN.top;
  }

  /** Starts a page unless `height` still fits above the bottom margin. */
  ensure(height: number) {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }

  private runsOf(text: string, bold: boolean) {
    return fontRuns(text).map((run) => ({ text: run.text, font: bold && run.font.index === 0 ? boldFont() : run.font }));
  }

  /** Embeds (as subsets) the fonts `text` needs, before it is measured. */
  private async prepare(text: string, bold: boolean) {
    for (const run of this.runsOf(text, bold)) await this.fontOf(run.font);
  }

  private async fontOf(font: StampFont): Promise<PDFFont> {
    let embedded = this.embedded.get(font.index);
    if (!embedded) {
      embedded = await this.pdf.embedFont(font.bytes, { subset: true });
      this.embedded.set(font.index, embedded);
    }
    return embedded;
  }

  width(text: string, size: number, bold = false): number {
    return this.runsOf(text, bold).reduce((sum, run) => sum + this.embedded.get(run.font.index)!.widthOfTextAtSize(run.text, size), 0);
  }

  /** Draws one line at (x, y) of the current page, run after run. */
  drawLine(text: string, x: number, y: number, { size, color = INK, bold = false }: TextStyle, page = this.page) {
    let offset = 0;
    for (const run of this.runsOf(text, bold)) {
      const font = this.embedded.get(run.font.index)!;
      page.drawText(run.text, { x: x + offset, y, size, font, color });
      offset += font.widthOfTextAtSize(run.text, size);
    }
  }

  /** Text of any length: its own lines kept, each wrapped to the width, pages broken between lines. */
  async text(raw: string, style: TextStyle) {
    const text = printable(raw);
    await this.prepare(text, Boolean(style.bold));
    const indent = style.indent ?? 0;
    const leading = style.size * 1.35;
    for (const line of text.split(/\r?\n/))
      for (const piece of line ? wrapLine(line, (t) => this.width(t, style.size, style.bold), WIDTH - indent) : [""]) {
        this.ensure(leading);
        this.y -= leading;
        this.drawLine(piece, MARGIN.x + indent, this.y + style.size * 0.25, style);
      }
    this.y -= style.gapAfter ?? 0;
  }

  async heading(text: string, size = 16) {
    // A heading never ends a page: room for it and two lines after.
    this.ensure(size * 1.4 + 40);
    this.y -= size * 0.6;
    await this.text(text, { size, bold: true, gapAfter: 6 });
  }

  /** A label and its value on one line, the value wrapped under itself. */
  async field(label: string, value: string) {
    await this.text(`${label}: ${value}`, { size: 10, color: INK, gapAfter: 2 });
  }

  /** Horizontal bars, one a row, each with its label and count. */
  async bars(rows: { label: string; count: number; color: RGB }[]) {
    const labelWidth = 130;
    const rowHeight = 20;
    await this.prepare(rows.map((r) => `${r.label} ${r.count}`).join(" "), false);
    const max = Math.max(1, ...rows.map((r) => r.count));
    const room = WIDTH - labelWidth - 30;
    this.ensure(rows.length * rowHeight + 8);
    for (const row of rows) {
      this.y -= rowHeight;
      this.drawLine(row.label, MARGIN.x, this.y + 5, { size: 10 });
      const length = (row.count / max) * room;
      this.page.drawRectangle({ x: MARGIN.x + labelWidth, y: this.y + 1, width: room, height: 14, color: rgb(0.93, 0.94, 0.96) });
      if (length > 0) this.page.drawRectangle({ x: MARGIN.x + labelWidth, y: this.y + 1, width: length, height: 14, color: row.color });
      this.drawLine(String(row.count), MARGIN.x + labelWidth + room + 8, this.y + 5, { size: 10 });
    }
    this.y -= 12;
  }

  /** "Page n of m" and the confidentiality line at the foot of every page but the cover. */
  async footers(line: string) {
    const pages = this.pdf.getPages();
    await this.prepare(`${line} Page 0123456789 of`, false);
    pages.forEach((page, i) => {
      if (i === 0) return;
      const number = `Page ${i + 1} of ${pages.length}`;
      const style = { size: 8, color: MUTED };
      this.drawLine(number, PAGE.width - MARGIN.x - this.width(number, 8), 32, style, page);
      const room = WIDTH - this.width(number, 8) - 16;
      const [shown = ""] = wrapLine(printable(line), (t) => this.width(t, 8), room);
      this.drawLine(shown, MARGIN.x, 32, style, page);
    });
  }
}

async function cover(writer: ReportWriter, model: ReportModel) {
  writer.newPage();
  writer.y = PAGE.height - 160;
  await writer.text(model.firmName, { size: 14, color: MUTED, gapAfter: 24 });
  await writer.text(model.engagementName, { size: 28, bold: true, gapAfter: 8 });
  await writer.text("Security assessment report", { size: 16, color: MUTED, gapAfter: 40 });
  await writer.text(`Prepared for ${model.clientName}`, { size: 13, gapAfter: 4 });
  await writer.text(`Engagement dates: ${model.startDate} - ${model.endDate}`, { size: 11, gapAfter: 4 });
  await writer.text(`Generated on ${model.generatedOn}`, { size: 11, gapAfter: 60 });
  await writer.text("Confidential", { size: 18, bold: true, color: SEVERITY_COLORS.critical, gapAfter: 4 });
  await writer.text(`This report is for ${model.clientName} only. Do not share it outside the named recipients.`, {
    size: 10,
    color: MUTED,
  });
}

async function finding(writer: ReportWriter, item: PrintedFinding, index: number) {
  await writer.heading(`${index + 1}. ${item.title}`, 14);
  await writer.field("Severity", `${item.severityLabel}   CVSS: ${item.cvssScore}${item.cvssVector ? ` (${item.cvssVector})` : ""}`);
  await writer.field("Status", `${item.status}   Retest: ${item.retestStatus}`);
  await writer.field("Affected assets", item.assets || "None named");
  if (item.owaspLlm.length > 0) await writer.field("OWASP LLM", item.owaspLlm.join(", "));
  for (const [label, body] of [
    ["Description", item.description],
    ["Remediation", item.remediation],
    ["References", item.references],
  ] as const) {
    if (!body) continue;
    await writer.text(label, { size: 11, bold: true, gapAfter: 2 });
    await writer.text(body, { size: 10, gapAfter: 6 });
  }
  await writer.field("Evidence", item.evidence.length > 0 ? item.evidence.join(", ") : "None");
  writer.y -= 10;
}

/** The report as a PDF, built in memory. */
export async function renderPdf(model: ReportModel): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(stampFontkit);
  pdf.setTitle(`${model.engagementName}: security assessment report`);
  pdf.setAuthor(model.firmName);
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const writer = new ReportWriter(pdf);
  await cover(writer, model);

  writer.newPage();
  await writer.heading("Scope and dates");
  await writer.field("Client", model.clientName);
  await writer.field("Engagement", model.engagementName);
  await writer.field("Dates", `${model.startDate} - ${model.endDate}`);
  if (model.engagementDescription) await writer.text(model.engagementDescription, { size: 10, gapAfter: 6 });

  await writer.heading("Executive summary");
  await writer.text(executiveSummary(model), { size: 10, gapAfter: 8 });
  await writer.text("Findings by severity", { size: 11, bold: true, gapAfter: 2 });
  await writer.bars(
    FINDING_SEVERITIES.map((s) => ({ label: FINDING_SEVERITY_LABELS[s], count: model.counts[s], color: SEVERITY_COLORS[s] })),
  );

  if (model.taxonomy.length > 0) {
    await writer.heading("OWASP Top 10 for LLM Applications");
    await writer.bars(model.taxonomy.map((g) => ({ label: g.id, count: g.findings.length, color: INK })));
    for (const group of model.taxonomy) {
      await writer.text(`${group.id} ${group.name}`, { size: 11, bold: true, gapAfter: 2 });
      for (const title of group.findings) await writer.text(`- ${title}`, { size: 10, indent: 10 });
      writer.y -= 4;
    }
  }

  await writer.heading("Findings");
  if (model.findings.length === 0) await writer.text("No finding has been published for this engagement.", { size: 10 });
  for (const [index, item] of model.findings.entries()) await finding(writer, item, index);

  await writer.footers(`Confidential - ${model.clientName} - ${model.engagementName}`);
  return pdf.save({ useObjectStreams: false });
}
