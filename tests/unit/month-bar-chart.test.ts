// The server-drawn bar chart: one bar per series and month, its figures in the table, and
// coordinates no finer than a tenth (finer is invisible in a 480-wide drawing and only lengthens
// the page and its payload).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MonthBarChart, type MonthChart } from "@/components/charts/month-bar-chart";

const CHART: MonthChart<"invoiced" | "collected"> = {
  title: "Invoiced vs Collected",
  description: "Billed per month and what has been paid.",
  series: ["invoiced", "collected"],
  emptyNoun: "invoices",
};

// Eleven months give slot widths and bar heights with long fractions before rounding.
const POINTS = Array.from({ length: 11 }, (_, i) => ({
  month: `2026-${String(i + 1).padStart(2, "0")}`,
  invoiced: 1_234_567 + i * 333_333,
  collected: 987_654 + i * 111_111,
}));

const render = (points = POINTS) => renderToStaticMarkup(createElement(MonthBarChart<"invoiced" | "collected">, { chart: CHART, points }));

describe("MonthBarChart", () => {
  it("draws a bar per series and month, each with its figure as its title", () => {
    const html = render();
    expect(html.match(/<rect /g)).toHaveLength(22);
    expect(html).toContain("<title>Mar 2026, Invoiced: $19,012.33</title>");
    expect(html).toContain('<td class="py-1 pr-3 text-right font-mono">$9,876.54</td>');
  });

  it("writes every coordinate to a tenth at most", () => {
    const html = render();
    const svg = html.slice(html.indexOf("<svg"), html.indexOf("</svg>"));
    const coordinates = [...svg.matchAll(/ (?:x|y|x1|x2|y1|y2|width|height)="([^"%]+)"/g)].map((m) => m[1]!);
    expect(coordinates.length).toBeGreaterThan(60);
    for (const value of coordinates) expect(value).toMatch(/^-?\d+(\.\d)?$/);
  });

  it("says so when the period has no figures", () => {
    const html = render(POINTS.map((p) => ({ ...p, invoiced: 0, collected: 0 })));
    expect(html).not.toContain("<svg");
    expect(html).toContain("No invoices in the last");
  });
});
