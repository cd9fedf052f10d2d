import "server-only";
import { type PDFFont, PDFDocument, type PDFPage, rgb, type RGB } from "pdf-lib";
import { FINDING_SEVERITIES, FINDING_SEVERITY_LABELS, type FindingSeverity } from "@/lib/domain/finding";
import { fontRuns, stampFontkit, styledFont, type StampFont } from "../stamp-fonts";
import { wrapLine } from "../stamp";
import { executiveSummary } from "./report-docx";
import { markdownBlocks, type MarkdownBlock, type MarkdownRun } from "./report-markdown";
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

const CODE_INK = rgb(0.2, 0.25, 0.35);
const CODE_SHADE = rgb(0.95, 0.96, 0.97);

type TextStyle = { size: number; color?: RGB; bold?: boolean; italic?: boolean; indent?: number; gapAfter?: number };
type Styled = { bold?: boolean; italic?: boolean };
/** A word or a space of a Markdown run, measured, on its way to a line. */
type Piece = { text: string; style: Styled; width: number };

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

  private runsOf(text: string, { bold, italic }: Styled) {
    const style = bold && italic ? "boldItalic" : bold ? "bold" : italic ? "italic" : null;
    return fontRuns(text).map((run) => ({ text: run.text, font: style && run.font.index === 0 ? styledFont(style) : run.font }));
  }

  /** Embeds (as subsets) the fonts `text` needs, before it is measured. */
  private async prepare(text: string, style: Styled) {
    for (const run of this.runsOf(text, style)) await this.fontOf(run.font);
  }

  private async fontOf(font: StampFont): Promise<PDFFont> {
    let embedded = this.embedded.get(font.index);
    if (!embedded) {
      embedded = await this.pdf.embedFont(font.bytes, { subset: true });
      this.embedded.set(font.index, embedded);
    }
    return embedded;
  }

  width(text: string, size: number, style: Styled = {}): number {
    return this.runsOf(text, style).reduce((sum, run) => sum + this.embedded.get(run.font.index)!.widthOfTextAtSize(run.text, size), 0);
  }

  /** Draws one line at (x, y) of the current page, run after run. */
  drawLine(text: string, x: number, y: number, { size, color = INK, bold = false, italic = false }: TextStyle, page = this.page) {
    let offset = 0;
    for (const run of this.runsOf(text, { bold, italic })) {
      const font = this.embedded.get(run.font.index)!;
      page.drawText(run.text, { x: x + offset, y, size, font, color });
      offset += font.widthOfTextAtSize(run.text, size);
    }
  }

  /** Text of any length: its own lines kept, each wrapped to the width, pages broken between lines. */
  async text(raw: string, style: TextStyle) {
    const text = printable(raw);
    await this.prepare(text, style);
    const indent = style.indent ?? 0;
    const leading = style.size * 1.35;
    for (const line of text.split(/\r?\n/))
      for (const piece of line ? wrapLine(line, (t) => this.width(t, style.size, style), WIDTH - indent) : [""]) {
        this.ensure(leading);
        this.y -= leading;
        this.drawLine(piece, MARGIN.x + indent, this.y + style.size * 0.25, style);
      }
    this.y -= style.gapAfter ?? 0;
  }

  /**
   * Styled runs wrapped to the width (a word never split unless it alone is wider), each line
   * drawn piece by piece in its own font; a run's line breaks kept.
   */
  async runs(runs: MarkdownRun[], { size, indent = 0, color = INK }: { size: number; indent?: number; color?: RGB }) {
    const leading = size * 1.35;
    const room = WIDTH - indent;
    const lines: Piece[][] = [[]];
    let used = 0;
    for (const run of runs) {
      const style = { bold: run.bold, italic: run.italic };
      await this.prepare(printable(run.text), style);
      for (const [i, hardLine] of run.text.split(/\r?\n/).entries()) {
        if (i > 0) {
          lines.push([]);
          used = 0;
        }
        for (const word of printable(hardLine).split(/(\s+)/).filter(Boolean)) {
          const space = /^\s+$/.test(word);
          const width = this.width(space ? " " : word, size, style);
          const line = lines.at(-1)!;
          if (space) {
            if (line.length > 0) {
              line.push({ text: " ", style, width });
              used += width;
            }
            continue;
          }
          if (used + width > room && line.length > 0) {
            while (line.length > 0 && line.at(-1)!.text === " ") line.pop();
            lines.push([]);
            used = 0;
          }
          // A word wider than the line alone (an address, a hash) is cut where it must be.
          const cut = width > room ? wrapLine(word, (t) => this.width(t, size, style), room) : [word];
          cut.forEach((part, j) => {
            if (j > 0) {
              lines.push([]);
              used = 0;
            }
            const partWidth = cut.length === 1 ? width : this.width(part, size, style);
            lines.at(-1)!.push({ text: part, style, width: partWidth });
            used += partWidth;
          });
        }
      }
    }
    for (const line of lines) {
      this.ensure(leading);
      this.y -= leading;
      let x = MARGIN.x + indent;
      for (const piece of line) {
        this.drawLine(piece.text, x, this.y + size * 0.25, { size, color, ...piece.style });
        x += piece.width;
      }
    }
  }

  /** A finding's Markdown, block by block: no Markdown syntax reaches the page. */
  async markdown(blocks: MarkdownBlock[]) {
    for (const block of blocks) {
      const indent = block.indent * 14;
      if (block.kind === "rule") {
        this.ensure(12);
        this.y -= 6;
        this.page.drawLine({
          start: { x: MARGIN.x + indent, y: this.y },
          end: { x: MARGIN.x + WIDTH, y: this.y },
          thickness: 0.5,
          color: MUTED,
        });
        this.y -= 6;
        continue;
      }
      if (block.marker) {
        await this.prepare(block.marker, {});
        this.ensure(13.5);
        this.drawLine(block.marker, MARGIN.x + indent - 12, this.y - 13.5 + 2.5, { size: 10 });
      }
      if (block.kind === "code") {
        const size = 9;
        const lines = block.runs[0]?.text.split(/\r?\n/) ?? [];
        await this.prepare(printable(lines.join(" ")), {});
        this.y -= 2;
        for (const line of lines)
          for (const piece of line ? wrapLine(printable(line), (t) => this.width(t, size), WIDTH - indent - 8) : [""]) {
            const leading = size * 1.45;
            this.ensure(leading);
            this.y -= leading;
            this.page.drawRectangle({ x: MARGIN.x + indent, y: this.y - 1, width: WIDTH - indent, height: leading, color: CODE_SHADE });
            this.drawLine(piece, MARGIN.x + indent + 4, this.y + size * 0.3, { size, color: CODE_INK });
          }
        this.y -= 6;
        continue;
      }
      if (block.kind === "heading") this.ensure(40);
      const size = block.kind === "heading" ? Math.max(10, 13 - (block.level ?? 3)) : 10;
      await this.runs(block.runs, { size, indent });
      this.y -= block.kind === "heading" ? 2 : 4;
    }
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
    await this.prepare(rows.map((r) => `${r.label} ${r.count}`).join(" "), {});
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
    await this.prepare(`${line} Page 0123456789 of`, {});
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
  if (model.authorizedWindow) await writer.text(`Authorized testing window: ${model.authorizedWindow}`, { size: 11, gapAfter: 4 });
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
  if (item.measuredRate) await writer.field("Measured success rate", item.measuredRate);
  await writer.field("Affected assets", item.assets || "None named");
  if (item.owaspLlm.length > 0) await writer.field("OWASP LLM", item.owaspLlm.join(", "));
  for (const [label, body] of [
    ["Description", item.description],
    ["Remediation", item.remediation],
    ["References", item.references],
  ] as const) {
    if (!body) continue;
    await writer.text(label, { size: 11, bold: true, gapAfter: 2 });
    await writer.markdown(markdownBlocks(body));
    writer.y -= 2;
  }
  // The files kept with the finding, when there are any; its evidence text is in its description.
  if (item.evidence.length > 0) await writer.field("Evidence files", item.evidence.join(", "));
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
  await writer.field("Authorized testing window", model.authorizedWindow || "No authorization signed by both sides");
  if (model.engagementDescription) await writer.markdown(markdownBlocks(model.engagementDescription));

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
