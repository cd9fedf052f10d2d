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
  // Whole-number ticks: every unit up to 5, else quarters or fifths of the scale (1, 2 or 5 × 10ⁿ).
  const tick = top <= 5 ? 1 : top % 4 === 0 ? top / 4 : top / 5;
  for (let value = 0; value <= top; value += tick) {
    const y = base + (value / top) * PLOT_HEIGHT;
    w.page.drawLine({ start: { x: left, y }, end: { x: RIGHT, y }, thickness: value === 0 ? 0.8 : 0.4, color: value === 0 ? MUTED : RULE });
    const label = String(value);
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
      // A zero is in the table; on the chart it would only be noise.
      if (value === 0) return;
      const label = format(value);
      const size = bar < 16 ? 6 : 7;
      text(w, label, bx + bar / 2 - w.width(label, { size }) / 2, base + height + 2, size, INK);
    });
    const name = w.fit(category, group - 4, { size: 8 });
    text(w, name, left + i * group + group / 2 - w.width(name, { size: 8 }) / 2, base - 12, 8);
  });
  w.line(8);
}

/**
 * A table across the text width: the first `left` columns (1 by default) read left to right, the
 * others right-aligned; column widths in proportion to `widths` (the first wider by default);
 * headings wrapped to their column and set on the line over the figures; an empty cell prints "—".
 */
export function drawTable(w: PdfWriter, columns: string[], rows: Cell[][], options: { widths?: number[]; left?: number } = {}) {
  const weights = options.widths ?? columns.map((_, i) => (i === 0 ? 1.6 : 1));
  const total = weights.reduce((sum, n) => sum + n, 0);
  const starts: number[] = [];
  let at = MARGIN;
  for (const weight of weights) {
    starts.push(at);
    at += ((RIGHT - MARGIN) * weight) / total;
  }
  const widthOf = (i: number) => (starts[i + 1] ?? RIGHT) - starts[i]! - 6;
  const put = (value: string, i: number, style: { bold?: boolean; color?: RGB; size: number }) => {
    if (i < (options.left ?? 1)) w.at(value, starts[i]!, style);
    else w.endAt(value, (starts[i + 1] ?? RIGHT + 6) - 6, style);
  };
  const heading = { bold: true, color: MUTED, size: 8 };
  const headingLines = columns.map((column, i) => w.wrap(column, widthOf(i), heading));
  const depth = Math.max(...headingLines.map((lines) => lines.length));
  w.line(4);
  for (let line = 0; line < depth; line++) {
    w.line(11);
    headingLines.forEach((lines, i) => {
      const text = lines[line - (depth - lines.length)];
      if (text) put(text, i, heading);
    });
  }
  w.rule();
  w.line(2);
  if (rows.length === 0) {
    w.line(13);
    w.at("None in this period.", MARGIN, { color: MUTED, size: 9 });
  }
  for (const cells of rows) {
    w.line(13);
    cells.forEach((cell, i) => put(w.fit(cell === null || cell === "" ? "—" : String(cell), widthOf(i), { size: 9 }), i, { size: 9 }));
  }
}
