import type { ReactNode } from "react";
import { ScrollRegion } from "@/components/admin/scroll-region";

// A chart's frame (docs/PRODUCT.md#analytics): its heading, what it counts (the definition, always
// printed under it), the drawing, the same figures as a table behind "Show as table", and a CSV
// file of that table. The table opens with <details>, the file is a data: link, so no chart
// JavaScript ships; a wide table scrolls in the shared ScrollRegion, which says so.

export type ChartTable = { columns: readonly string[]; rows: readonly (readonly (string | number | null)[])[] };

// A spreadsheet runs a cell starting with one of these as a formula: an apostrophe makes it text.
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const cell = (value: string | number | null) => {
  const text = value === null ? "" : String(value);
  const safe = typeof value === "string" && FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The table as CSV text (CRLF lines, as RFC 4180 writes them). */
export function tableCsv(table: ChartTable): string {
  return [table.columns, ...table.rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}

export const chartId = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, "-");

export function ChartFigure({
  title,
  definition,
  table,
  fileName,
  summary,
  children,
}: {
  title: string;
  definition: string;
  table: ChartTable;
  /** The CSV's file name without its extension. */
  fileName: string;
  /** Figures shown above the drawing (a legend or totals). */
  summary?: ReactNode;
  /** The drawing, or an empty state. */
  children: ReactNode;
}) {
  const id = chartId(title);
  const href = `data:text/csv;charset=utf-8,${encodeURIComponent(tableCsv(table))}`;
  return (
    <figure aria-labelledby={`${id}-title`} className="min-w-0 rounded-lg border border-slate-800 bg-slate-900/40 p-4" data-chart={id}>
      <figcaption>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="mt-1 text-sm text-muted" id={`${id}-definition`}>
          {definition}
        </p>
      </figcaption>
      {summary}
      {children}
      <div className="mt-2 flex flex-wrap items-start gap-x-4 gap-y-2 text-sm">
        <details className="min-w-0 flex-1 basis-full sm:basis-auto">
          <summary className="cursor-pointer text-accent underline-offset-2 hover:underline">Show as table</summary>
          <ScrollRegion label={`${title}: table`} className="mt-2">
            <table className="w-full text-left">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="text-muted">
                  {table.columns.map((c, i) => (
                    <th key={c} scope="col" className={`py-1 pr-3 font-medium ${i === 0 ? "" : "text-right"}`}>
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, r) => (
                  <tr key={r} className="border-t border-slate-800">
                    {row.map((value, i) =>
                      i === 0 ? (
                        <th key={i} scope="row" className="py-1 pr-3 font-normal">
                          {value}
                        </th>
                      ) : (
                        <td key={i} className="py-1 pr-3 text-right font-mono">
                          {value ?? "—"}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </details>
        <a href={href} download={`${fileName}.csv`} className="text-accent underline underline-offset-2">
          Download CSV<span className="sr-only"> of {title}</span>
        </a>
      </div>
    </figure>
  );
}
