import { BarsDrawing, CHART_COLOURS, type ChartColour, roundAxisMax } from "@/components/charts/bars";
import { EmptyState } from "@/components/ui/spinner";
import { CHART_MONTHS } from "@/lib/chart-months";
import { formatCents } from "@/lib/format";

// A server-rendered bar chart of monthly money figures (docs/PRODUCT.md#revenue-charts): drawn by
// `BarsDrawing` (visx's scales and shapes, no JavaScript), never wider than its card, with the same
// figures as a table behind "Show as table" for screen readers and keyboard users.

type SeriesLook = { label: string; colour: ChartColour };

/** Each money figure the charts draw, with its legend label: a figure looks the same on every chart. */
const MONEY_SERIES = {
  invoiced: { label: "Invoiced", colour: "cyan" },
  collected: { label: "Collected", colour: "emerald" },
  paid: { label: "Paid", colour: "emerald" },
  outstanding: { label: "Outstanding", colour: "amber" },
  mrr: { label: "MRR", colour: "violet" },
} as const satisfies Record<string, SeriesLook>;

export type MoneySeries = keyof typeof MONEY_SERIES;
type ChartSeries<K extends MoneySeries> = SeriesLook & { key: K };
type ChartPoint<K extends MoneySeries> = { month: string } & Record<K, number>;

/** What one chart shows: its heading, the figures it draws (in legend order) and what it counts. */
export type MonthChart<K extends MoneySeries> = {
  title: string;
  description: string;
  series: readonly K[];
  /** For the empty state: "invoices" says "No invoices in the last 12 months". */
  emptyNoun: string;
  /**
   * What the legend shows beside each series: its sum over the months (flows: invoiced, paid), or
   * the current month's value (a level such as MRR, whose sum over a year means nothing).
   */
  legend?: "total" | "current";
};

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const monthShort = (month: string) => MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month;
const monthLong = (month: string) => `${monthShort(month)} ${month.slice(0, 4)}`;

/** "$12K", "$1.5M", "$300": axis labels short enough for a phone. */
function axisLabel(cents: number): string {
  const dollars = cents / 100;
  if (dollars >= 1_000_000) return `$${+(dollars / 1_000_000).toFixed(1)}M`;
  if (dollars >= 1_000) return `$${+(dollars / 1_000).toFixed(1)}K`;
  return `$${dollars}`;
}

export function MonthBarChart<K extends MoneySeries>({ chart, points }: { chart: MonthChart<K>; points: ChartPoint<K>[] }) {
  const { title, description, emptyNoun, legend = "total" } = chart;
  // The heading's id for the figure's label, from the title (one chart of each title per page).
  const id = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const series = chart.series.map((key): ChartSeries<K> => {
    const look: SeriesLook = MONEY_SERIES[key];
    return { key, ...look };
  });
  const current = points[points.length - 1];
  const totals = series.map((s) => ({
    ...s,
    label: legend === "current" ? `${s.label} this month` : s.label,
    total: legend === "current" ? (current?.[s.key] ?? 0) : points.reduce((sum, p) => sum + p[s.key], 0),
  }));
  const hasData = points.some((p) => series.some((s) => p[s.key] !== 0));
  const first = points[0]?.month;
  const last = points[points.length - 1]?.month;
  const range = first && last ? `${monthLong(first)} – ${monthLong(last)}` : "";

  return (
    <figure aria-labelledby={`${id}-title`} className="min-w-0">
      <figcaption>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="mt-1 text-sm text-muted">
          {description} {range ? <span className="whitespace-nowrap">({range})</span> : null}
        </p>
      </figcaption>
      {hasData ? (
        <>
          <ul
            className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm"
            aria-label={legend === "current" ? `${title}: this month` : `${title}: totals over the period`}
          >
            {totals.map((s) => (
              <li key={s.key} className="flex items-center gap-2" data-series-total={s.key}>
                <span className={`inline-block h-3 w-3 rounded-sm ${CHART_COLOURS[s.colour].swatch}`} aria-hidden />
                <span className="text-muted">{s.label}</span>
                <span className="font-mono font-semibold">{formatCents(s.total)}</span>
              </li>
            ))}
          </ul>
          <BarsDrawing
            id={id}
            title={title}
            categories={points.map((p) => ({ key: p.month, short: monthShort(p.month), long: monthLong(p.month) }))}
            series={series}
            valueOf={(i, key) => points[i]![key as K]}
            format={formatCents}
            axisMax={roundAxisMax(Math.max(...points.flatMap((p) => series.map((s) => p[s.key]))), 100)}
            axisLabel={axisLabel}
          />
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer text-accent underline-offset-2 hover:underline">Show as table</summary>
            <div className="mt-2 overflow-x-auto">
              <table className="w-full text-left">
                <caption className="sr-only">{`${title}, per month`}</caption>
                <thead>
                  <tr className="text-muted">
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Month
                    </th>
                    {series.map((s) => (
                      <th key={s.key} scope="col" className="py-1 pr-3 text-right font-medium">
                        {s.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {points.map((p) => (
                    <tr key={p.month} className="border-t border-slate-800">
                      <th scope="row" className="py-1 pr-3 font-normal">
                        {monthLong(p.month)}
                      </th>
                      {series.map((s) => (
                        <td key={s.key} className="py-1 pr-3 text-right font-mono">
                          {formatCents(p[s.key])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      ) : (
        <div className="mt-3">
          <EmptyState
            title={`No ${emptyNoun} in the last ${CHART_MONTHS} months`}
            hint="Figures appear here once there are invoices in the period."
          />
        </div>
      )}
    </figure>
  );
}
