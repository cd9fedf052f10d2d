import "server-only";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { ANALYTICS_DEFINITIONS } from "@/lib/domain/analytics";
import { FINDING_SEVERITY_LABELS, type FindingSeverity } from "@/lib/domain/finding";
import { formatDate } from "@/lib/format";
import { drawable, MARGIN, MUTED, PAGE, PdfWriter, RIGHT } from "@/server/core/pdf-writer";
import type { QuarterBounds } from "@/features/analytics/validation";
import type { AnalyticsFigures } from "../analytics-read";
import { type Cell, drawBars, drawTable, type Series } from "./pdf-charts";

// The board summary of a quarter as a PDF (docs/PRODUCT.md#analytics): the screen's headline
// figures, then its six charts, each under its title with its definition as the screen prints it,
// drawn as vector bars and followed by its table. pdf-lib and the core's writer (Helvetica), like
// every PDF the product draws.

export type SummaryContent = {
  firm: { name: string; address: string | null };
  company: string;
  bounds: QuarterBounds;
  /** The moment the figures are read at: the quarter's end, or the generation for the current quarter. */
  asOf: Date;
  generatedAt: Date;
  figures: AnalyticsFigures;
  engagementName: (projectId: string) => string;
};

export const SUMMARY_SECTIONS = [
  "Headline figures",
  "Time to remediate per month",
  "Time to remediate per severity",
  "SLA met per severity",
  "Open vs closed per month",
  "Aging of open findings",
  "Regressions per model-version change",
] as const;

export const NO_FINDINGS_IN_QUARTER = (company: string, quarter: string) =>
  `${company} had no findings published, fixed, accepted or open in ${quarter}: every figure below is empty.`;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const monthLong = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;
const dayText = (n: number | null) => (n === null ? "—" : `${n} d`);
const days = (n: number) => `${n} d`;
const count = (n: number) => String(n);
const severityLabel = (s: FindingSeverity) => FINDING_SEVERITY_LABELS[s];
const SEVERITY_COLOURS = { critical: "red", high: "amber", medium: "violet", low: "sky", informational: "slate" } as const;
const SPREAD_SERIES: Series[] = [
  { label: "Mean", colour: "emerald" },
  { label: "Median (p50)", colour: "cyan" },
  { label: "95th percentile", colour: "violet" },
];

/** Nothing of the company in the quarter: no finding opened, fixed, accepted or open at any month's end. */
export const isEmptyQuarter = (figures: AnalyticsFigures) =>
  figures.flow.every((m) => m.opened + m.fixed + m.accepted + m.openAtEnd === 0) &&
  figures.aging.every((b) => b.total === 0) &&
  figures.sla.every((s) => s.met + s.breached + s.pending === 0);

export async function renderSummaryPdf(content: SummaryContent): Promise<Uint8Array> {
  const { figures, bounds } = content;
  const title = `Remediation summary ${bounds.quarter}`;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${title}: ${content.company}`);
  pdf.setAuthor(content.firm.name);
  pdf.setCreationDate(content.generatedAt);
  const w = new PdfWriter(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));
  const width = RIGHT - MARGIN;
  const para = (text: string, style: { size?: number; color?: typeof MUTED } = {}) => {
    w.line(13);
    w.paragraph(text, MARGIN, width, { size: style.size ?? 9, color: style.color }, 12);
  };
  let number = 0;
  const section = (name: (typeof SUMMARY_SECTIONS)[number], definition?: string) => {
    // A heading starts a page unless it, its definition and its chart fit on this one.
    if (w.y - (definition ? 280 : 120) < MARGIN) w.newPage();
    w.line(26);
    w.at(`${++number}. ${name}`, MARGIN, { bold: true, size: 12 });
    w.rule();
    w.line(2);
    if (definition) para(definition, { size: 8.5, color: MUTED });
  };

  w.firmHeader(content.firm, "Remediation summary");
  w.line(30);
  w.at(content.company, MARGIN, { size: 15, bold: true });
  w.line(18);
  w.at(title, MARGIN, { size: 12, bold: true });
  const last = new Date(bounds.end.getTime() - 1);
  const running = content.asOf < last;
  w.line(15);
  w.at(
    `${formatDate(bounds.start)} to ${formatDate(last)} · figures as at ${formatDate(content.asOf)}${running ? " (quarter in progress)" : ""} · generated ${formatDate(content.generatedAt)}`,
    MARGIN,
    { color: MUTED, size: 9 },
  );
  w.line(6);
  para(ANALYTICS_DEFINITIONS.counting);
  if (isEmptyQuarter(figures)) {
    w.line(6);
    para(NO_FINDINGS_IN_QUARTER(content.company, bounds.quarter), { size: 10 });
  }

  const { remediation, sla, aging, ai } = figures;
  const open = aging.reduce((sum, b) => sum + b.total, 0);
  const met = sla.reduce((sum, s) => sum + s.met, 0);
  const decided = sla.reduce((sum, s) => sum + s.met + s.breached, 0);
  const breachedOpen = sla.reduce((sum, s) => sum + s.breachedOpen, 0);
  section("Headline figures");
  const headline: [string, string, string][] = [
    [
      "Time to remediate (p50 / p95)",
      `${dayText(remediation.overall.p50)} / ${dayText(remediation.overall.p95)}`,
      `Mean ${dayText(remediation.overall.mean)} over ${remediation.overall.count} fixes`,
    ],
    [
      "SLA met",
      decided === 0 ? "—" : `${Math.round((met / decided) * 1000) / 10}%`,
      `${met} of ${decided} decided; ${breachedOpen} breached and still open`,
    ],
    [running ? "Open now" : "Open at quarter end", String(open), "SLA-breached findings included"],
    [
      "AI findings: time to Verified Fixed (p50)",
      dayText(ai.timeToVerifiedFixed.p50),
      `${ai.timeToVerifiedFixed.count} fixed in the period of ${ai.findings} AI findings`,
    ],
  ];
  for (const [label, value, note] of headline) {
    w.line(18);
    w.at(label, MARGIN);
    w.endAt(value, RIGHT, { bold: true, size: 12 });
    w.line(11);
    w.at(note, MARGIN, { color: MUTED, size: 8.5 });
  }
  // The AI figure has no chart of its own: its definition goes with it (the others' with their charts).
  w.line(4);
  para(ANALYTICS_DEFINITIONS.aiFixed, { size: 8.5, color: MUTED });

  section("Time to remediate per month", ANALYTICS_DEFINITIONS.timeToRemediate);
  drawBars(w, {
    categories: remediation.byMonth.map((m) => monthLong(m.month)),
    series: SPREAD_SERIES,
    values: remediation.byMonth.map((m) => [m.mean, m.p50, m.p95]),
    format: days,
  });
  const spreadColumns = ["Fixes", "Mean (days)", "p50 (days)", "p95 (days)"];
  drawTable(
    w,
    ["Month", ...spreadColumns],
    remediation.byMonth.map((m): Cell[] => [monthLong(m.month), m.count, m.mean, m.p50, m.p95]),
  );

  section("Time to remediate per severity", ANALYTICS_DEFINITIONS.timeToRemediate);
  drawBars(w, {
    categories: remediation.bySeverity.map((s) => severityLabel(s.severity)),
    series: SPREAD_SERIES,
    values: remediation.bySeverity.map((s) => [s.mean, s.p50, s.p95]),
    format: days,
  });
  drawTable(
    w,
    ["Severity", ...spreadColumns],
    remediation.bySeverity.map((s): Cell[] => [severityLabel(s.severity), s.count, s.mean, s.p50, s.p95]),
  );

  section("SLA met per severity", ANALYTICS_DEFINITIONS.sla);
  drawBars(w, {
    categories: sla.map((s) => severityLabel(s.severity)),
    series: [{ label: "Met %", colour: "emerald" }],
    values: sla.map((s) => [s.metPercent]),
    format: (n) => `${n}%`,
    max: 100,
  });
  drawTable(
    w,
    ["Severity", "Met", "Breached", "Breached, still open", "Pending", "Met %"],
    sla.map((s): Cell[] => [severityLabel(s.severity), s.met, s.breached, s.breachedOpen, s.pending, s.metPercent]),
  );

  section("Open vs closed per month", ANALYTICS_DEFINITIONS.flow);
  drawBars(w, {
    categories: figures.flow.map((m) => monthLong(m.month)),
    series: [
      { label: "Opened", colour: "amber" },
      { label: "Verified Fixed", colour: "emerald" },
      { label: "Accepted", colour: "slate" },
      { label: "Open at month end", colour: "red" },
    ],
    values: figures.flow.map((m) => [m.opened, m.fixed, m.accepted, m.openAtEnd]),
    format: count,
  });
  drawTable(
    w,
    ["Month", "Opened", "Verified Fixed", "Accepted", "Open at month end"],
    figures.flow.map((m): Cell[] => [monthLong(m.month), m.opened, m.fixed, m.accepted, m.openAtEnd]),
  );

  const severities = Object.keys(SEVERITY_COLOURS) as FindingSeverity[];
  section("Aging of open findings", `${ANALYTICS_DEFINITIONS.aging} Read as at ${formatDate(content.asOf)}.`);
  drawBars(w, {
    categories: aging.map((b) => b.label),
    series: severities.map((s) => ({ label: severityLabel(s), colour: SEVERITY_COLOURS[s] })),
    values: aging.map((b) => severities.map((s) => b[s])),
    format: count,
  });
  drawTable(
    w,
    ["Age", ...severities.map(severityLabel), "Total"],
    aging.map((b): Cell[] => [b.label, ...severities.map((s) => b[s]), b.total]),
  );

  // The changes recorded in the quarter (the screen lists every change of its findings' engagements).
  const changes = ai.changes.filter((c) => c.changedAt >= bounds.start && c.changedAt < bounds.end).reverse();
  section("Regressions per model-version change", ANALYTICS_DEFINITIONS.aiRegressions);
  if (changes.length === 0) para("No model-version change recorded in this quarter.");
  else
    drawBars(w, {
      categories: changes.map((c) => c.toVersion),
      series: [{ label: "Regressions", colour: "red" }],
      values: changes.map((c) => [c.regressions]),
      format: count,
    });
  drawTable(
    w,
    ["Changed on", "Engagement", "Target", "From", "To", "Regressions"],
    changes.map((c): Cell[] => [
      formatDate(c.changedAt),
      content.engagementName(c.projectId),
      c.target,
      c.fromVersion,
      c.toVersion,
      c.regressions,
    ]),
    { widths: [1.3, 3, 2, 1.1, 1.1, 1.2], left: 5 },
  );

  // Page numbers, once the number of pages is known: at the head of the page (a download's stamp takes its foot).
  const pages = pdf.getPages();
  pages.forEach((page, i) =>
    page.drawText(drawable(`${content.company} · ${title} · page ${i + 1} of ${pages.length}`), {
      x: MARGIN,
      y: PAGE.height - MARGIN / 2,
      size: 7.5,
      font: w.regular,
      color: MUTED,
    }),
  );
  return pdf.save();
}
