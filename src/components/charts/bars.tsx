import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar, Line } from "@visx/shape";

// Grouped bars drawn on the server with visx's scales and shapes (docs/PRODUCT.md#revenue-charts,
// docs/PRODUCT.md#analytics): React elements only, so no chart JavaScript reaches the browser. The
// drawing stretches to its box (preserveAspectRatio="none"); the labels are HTML around it, at a
// fixed 12 px on every screen (inside a viewBox scaled to the card they would shrink on a phone).

/** Each colour's classes written out whole so Tailwind finds them. */
export const CHART_COLOURS = {
  cyan: { bar: "fill-cyan-400", swatch: "bg-cyan-400" },
  emerald: { bar: "fill-emerald-400", swatch: "bg-emerald-400" },
  violet: { bar: "fill-violet-400", swatch: "bg-violet-400" },
  amber: { bar: "fill-amber-300", swatch: "bg-amber-300" },
  red: { bar: "fill-red-400", swatch: "bg-red-400" },
  sky: { bar: "fill-sky-400", swatch: "bg-sky-400" },
  slate: { bar: "fill-slate-400", swatch: "bg-slate-400" },
} as const;
export type ChartColour = keyof typeof CHART_COLOURS;

export type BarSeries = { key: string; label: string; colour: ChartColour };
export type BarCategory = { key: string; short: string; long: string };

const W = 480;
const H = 160;
/** Coordinates to a tenth of a unit: finer is invisible at this size and only lengthens the page. */
const tenth = (n: number) => Math.round(n * 10) / 10;

/** A round axis maximum (1, 2 or 5 × 10ⁿ) at or above the largest value, in the value's own unit. */
export function roundAxisMax(max: number, unit = 1): number {
  const units = Math.max(1, Math.ceil(max / unit));
  const magnitude = 10 ** Math.floor(Math.log10(units));
  const step = [1, 2, 5, 10].find((m) => m * magnitude >= units)!;
  return step * magnitude * unit;
}

export function BarsDrawing({
  id,
  title,
  categories,
  series,
  valueOf,
  format,
  axisMax,
  axisLabel,
}: {
  id: string;
  title: string;
  categories: readonly BarCategory[];
  series: readonly BarSeries[];
  /** The value of a series in a category; null draws no bar. */
  valueOf: (category: number, series: string) => number | null;
  format: (value: number) => string;
  axisMax: number;
  axisLabel: (value: number) => string;
}) {
  const x = scaleBand<number>({ domain: categories.map((_, i) => i), range: [0, W] });
  const y = scaleLinear<number>({ domain: [0, axisMax], range: [H, 0], clamp: true });
  const slot = x.bandwidth();
  const barW = Math.min(14, (slot * 0.7) / series.length);
  const tickPlaces = ["top-0", "top-1/2", "top-full"] as const;
  const ticks = [1, 0.5, 0].map((f) => f * axisMax);

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
        {/* The figures are in the table below: the drawing is described by one label. */}
        <svg
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={`${title}: bar chart; the figures are in the table below`}
          className="block h-40 min-w-0 flex-1 overflow-visible"
          id={`${id}-svg`}
        >
          {ticks.map((tick) => (
            <Line
              key={tick}
              from={{ x: 0, y: tenth(y(tick)) }}
              to={{ x: W, y: tenth(y(tick)) }}
              className="stroke-slate-800"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {categories.map((category, i) => (
            <Group key={category.key} left={tenth((x(i) ?? 0) + (slot - barW * series.length) / 2)}>
              {series.map((s, j) => {
                const value = valueOf(i, s.key);
                if (value === null) return null;
                const top = tenth(y(Math.max(0, value)));
                return (
                  <Bar
                    key={s.key}
                    x={tenth(j * barW)}
                    y={top}
                    width={tenth(barW - 1)}
                    height={tenth(H - top)}
                    className={CHART_COLOURS[s.colour].bar}
                  >
                    <title>{`${category.long}, ${s.label}: ${format(value)}`}</title>
                  </Bar>
                );
              })}
            </Group>
          ))}
        </svg>
      </div>
      {/* The categories under their bars: as many equal slots as the drawing has. */}
      <div className="ml-14 flex" aria-hidden>
        {categories.map((c) => (
          <span key={c.key} className="min-w-0 flex-1 overflow-hidden text-center">
            {c.short}
          </span>
        ))}
      </div>
    </div>
  );
}
