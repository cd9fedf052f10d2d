import { EmptyState } from "@/components/ui/spinner";
import { CHART_MONTHS } from "@/lib/chart-months";
import { formatCents } from "@/lib/format";

// A server-rendered bar chart of monthly money figures (docs/PRODUCT.md#revenue-charts): plain
// SVG scaled by its viewBox (never wider than its card), no JavaScript, with the same figures as
// a table behind "Show as table" for screen readers and keyboard users.

// Each colour's classes are written out whole so Tailwind finds them.
const SERIES_COLOURS = {
  cyan: { bar: "fill-cyan-400", swatch: "bg-cyan-400" },
  emerald: { bar: "fill-emerald-400", swatch: "bg-emerald-400" },
  violet: { bar: "fill-violet-400", swatch: "bg-violet-400" },
  amber: { bar: "fill-amber-300", swatch: "bg-amber-300" },
} as const;

type SeriesLook = { label: string; colour: keyof typeof SERIES_COLOURS };

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

// The drawing's own units: it stretches to its box (preserveAspectRatio="none"), so only the bars
// and grid lines are in it. The labels are HTML around it, at a fixed 12 px on every screen: inside
// a viewBox scaled to the card they were 23 px on a desktop and 8 px on a phone.
const W = 480;
const H = 160;
/** Coordinates to a tenth of a unit: finer is invisible at this size and only lengthens the page. */
const tenth = (n: number) => Math.round(n * 10) / 10;

/** A round axis maximum (1, 2 or 5 × 10ⁿ dollars) at or above the largest value, in cents. */
function axisMax(maxCents: number): number {
  const dollars = Math.max(1, Math.ceil(maxCents / 100));
  const magnitude = 10 ** Math.floor(Math.log10(dollars));
  const step = [1, 2, 5, 10].find((m) => m * magnitude >= dollars)!;
  return step * magnitude * 100;
}

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
                <span className={`inline-block h-3 w-3 rounded-sm ${SERIES_COLOURS[s.colour].swatch}`} aria-hidden />
                <span className="text-muted">{s.label}</span>
                <span className="font-mono font-semibold">{formatCents(s.total)}</span>
              </li>
            ))}
          </ul>
          <Bars id={id} title={title} series={series} points={points} />
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

function Bars<K extends MoneySeries>({
  id,
  title,
  series,
  points,
}: {
  id: string;
  title: string;
  series: ChartSeries<K>[];
  points: ChartPoint<K>[];
}) {
  const max = axisMax(Math.max(...points.flatMap((p) => series.map((s) => p[s.key]))));
  const slot = W / points.length;
  const barW = Math.min(14, (slot * 0.7) / series.length);
  const y = (cents: number) => tenth(H - (Math.max(0, cents) / max) * H);
  const tickPlaces = ["top-0", "top-1/2", "top-full"] as const;
  const ticks = [1, 0.5, 0].map((f) => f * max);

  return (
    <div className="mt-3 text-xs text-slate-400">
      <div className="flex gap-2 py-2">
        {/* The axis labels, each centred on its grid line. */}
        <div className="relative h-40 w-12 shrink-0 text-right" aria-hidden>
          {ticks.map((tick, i) => (
            <span key={tick} className={`absolute right-0 -translate-y-1/2 leading-none ${tickPlaces[i]}`}>
              {axisLabel(tick)}
            </span>
          ))}
        </div>
        {/* The figures are in the list above and the table below: the drawing itself is decoration
            for assistive technology, described by one label. */}
        <svg
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={`${title}: bar chart per month; the figures are in the table below`}
          className="block h-40 min-w-0 flex-1 overflow-visible"
          id={`${id}-svg`}
        >
          {ticks.map((tick) => (
            <line
              key={tick}
              x1={0}
              x2={W}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-slate-800"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {points.map((p, i) => {
            const x0 = i * slot + (slot - barW * series.length) / 2;
            return (
              <g key={p.month}>
                {series.map((s, j) => {
                  const top = y(p[s.key]);
                  return (
                    <rect
                      key={s.key}
                      x={tenth(x0 + j * barW)}
                      y={top}
                      width={tenth(barW - 1)}
                      height={tenth(H - top)}
                      className={SERIES_COLOURS[s.colour].bar}
                    >
                      <title>{`${monthLong(p.month)}, ${s.label}: ${formatCents(p[s.key])}`}</title>
                    </rect>
                  );
                })}
              </g>
            );
          })}
        </svg>
      </div>
      {/* The months under their bars: as many equal slots as the drawing has. */}
      <div className="ml-14 flex" aria-hidden>
        {points.map((p) => (
          <span key={p.month} className="min-w-0 flex-1 overflow-hidden text-center">
            {monthShort(p.month)}
          </span>
        ))}
      </div>
    </div>
  );
}
