import "server-only";
import { rgb, type RGB } from "pdf-lib";
import { drawable, INK, MARGIN, MUTED, type PdfWriter, RIGHT, RULE } from "@/server/core/pdf-writer";

// The analytics' bar charts and tables drawn into the board summary's PDF (docs/PRODUCT.md#analytics):
// vector bars from the same figures as the screen's SVG charts, the screen's colours, a scale
// rounded as the screen rounds it, each value printed on its bar, and the chart's table under it.

export type ChartColour = "emerald" | "cyan" | "violet" | "amber" | "slate" | "red" | "sky";
export const COLOURS: Record<ChartColour, RGB> = {
  emerald: rgb(0.06, 0.73, 0.51),
  cyan: rgb(0.02, 0.71, 0.83),
  violet: rgb(0.55, 0.36, 0.96),
  amber: rgb(0.96, 0.62, 0.04),
  slate: rgb(0.39, 0.45, 0.55),
  red: rgb(0.94, 0.27, 0.27),
  sky: rgb(0.05, 0.65, 0.91),
};

export type Series = { label: string; colour: ChartColour };
export type Cell = string | number | null;

const PLOT_HEIGHT = 120;
const AXIS_WIDTH = 30;

/** The screen's scale: the largest value rounded up to 1, 2 or 5 times a power of ten. */
export function axisMaxOf(largest: number): number {
  const units = Math.max(1, Math.ceil(largest));
  const magnitude = 10 ** Math.floor(Math.log10(units));
  return [1, 2, 5, 10].find((m) => m * magnitude >= units)! * magnitude;
}

const text = (w: PdfWriter, value: string, x: number, y: number, size: number, colour: RGB = MUTED) =>
  w.page.drawText(drawable(value), { x, y, size, font: w.regular, color: colour });

/**
 * Grouped bars: one group per category, one bar per series, on a page of their own when they do not
 * fit. Nothing to draw (every value empty or zero) prints the screen's "Nothing to draw".
 */
export function drawBars(
  w: PdfWriter,
  {
    categories,
    series,
    values,
    format,
    max,
  }: { categories: string[]; series: Series[]; values: (number | null)[][]; format: (n: number) => string; max?: number },
) {
  const largest = Math.max(0, ...values.flat().map((v) => v ?? 0));
  if (largest === 0) {
    w.line(16);
    w.at("Nothing to draw: no findings in this period.", MARGIN, { color: MUTED, size: 9 });
    return;
  }
  const top = max ?? axisMaxOf(largest);
  // The legend, then the plot and its category labels, kept on one page.
  if (w.y - (PLOT_HEIGHT + 52) < MARGIN) w.newPage();
  w.line(16);
  let x = MARGIN;
  for (const s of series) {
    w.page.drawRectangle({ x, y: w.y - 1, width: 8, height: 8, color: COLOURS[s.colour] });
    text(w, s.label, x + 12, w.y, 8.5);
    x += 12 + w.width(s.label, { size: 8.5 }) + 16;
  }
  w.line(PLOT_HEIGHT + 24);
  const base = w.y + 14;
  const left = MARGIN + AXIS_WIDTH;
  const plotWidth = RIGHT - left;
  for (const step of [0, 0.25, 0.5, 0.75, 1]) {
    const y = base + step * PLOT_HEIGHT;
    w.page.drawLine({ start: { x: left, y }, end: { x: RIGHT, y }, thickness: step === 0 ? 0.8 : 0.4, color: step === 0 ? MUTED : RULE });
    const label = String(Math.round(step * top));
    text(w, label, left - 4 - w.width(label, { size: 7.5 }), y - 2.5, 7.5);
  }
  const group = plotWidth / categories.length;
  const bar = Math.min(28, (group * 0.8) / series.length);
  categories.forEach((category, i) => {
    const start = left + i * group + (group - bar * series.length) / 2;
    series.forEach((s, j) => {
      const value = values[i]?.[j] ?? null;
      if (value === null) return;
      const height = (Math.min(value, top) / top) * PLOT_HEIGHT;
      const bx = start + j * bar;
      if (height > 0) w.page.drawRectangle({ x: bx + 1, y: base, width: bar - 2, height, color: COLOURS[s.colour] });
      const label = format(value);
      const size = bar < 16 ? 6 : 7;
      text(w, label, bx + bar / 2 - w.width(label, { size }) / 2, base + height + 2, size, INK);
    });
    const name = w.fit(category, group - 4, { size: 8 });
    text(w, name, left + i * group + group / 2 - w.width(name, { size: 8 }) / 2, base - 12, 8);
  });
  w.line(8);
}

/** A table: the first column left, the others right-aligned in equal columns; an empty cell prints "—". */
export function drawTable(w: PdfWriter, columns: string[], rows: Cell[][]) {
  const first = 130;
  const rest = (RIGHT - MARGIN - first) / Math.max(1, columns.length - 1);
  const cellAt = (i: number) => MARGIN + first + rest * i;
  const row = (cells: Cell[], style: { bold?: boolean; color?: RGB; size: number }) => {
    w.line(13);
    cells.forEach((cell, i) => {
      const value = cell === null || cell === "" ? "—" : String(cell);
      if (i === 0) w.at(w.fit(value, first - 6, style), MARGIN, style);
      else w.endAt(w.fit(value, rest - 6, style), cellAt(i), style);
    });
  };
  w.line(4);
  row(columns, { bold: true, color: MUTED, size: 8 });
  w.rule();
  w.line(2);
  if (rows.length === 0) {
    w.line(13);
    w.at("None in this period.", MARGIN, { color: MUTED, size: 9 });
  }
  for (const cells of rows) row(cells, { size: 9 });
}
