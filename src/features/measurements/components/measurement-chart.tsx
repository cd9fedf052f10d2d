import { scaleLinear } from "@visx/scale";
import { Circle, Line } from "@visx/shape";
import { rateInterval } from "@/lib/domain/attack-rate";
import { percent } from "@/lib/domain/finding-measurement";
import { formatDate } from "@/lib/format";
import type { FindingMeasurement } from "@/features/measurements/server";

// A finding's measurements drawn over time (docs/PRODUCT.md#measured-ai-findings): each one a dot at
// its rate with its 95% interval as a bar, coloured by model version. Drawn on the server with visx's scales and shapes (no chart JavaScript);
// the table beside it (MeasurementTable) says the same in text, so the drawing is only summed up
// in its label for screen readers.

/** One colour per model version, in the order the versions first appear (literal classes for Tailwind). */
const VERSION_TONES = [
  "fill-sky-400 stroke-sky-400 text-sky-400",
  "fill-amber-400 stroke-amber-400 text-amber-400",
  "fill-emerald-400 stroke-emerald-400 text-emerald-400",
  "fill-fuchsia-400 stroke-fuchsia-400 text-fuchsia-400",
  "fill-rose-400 stroke-rose-400 text-rose-400",
];

const WIDTH = 600;
const HEIGHT = 220;
// The axis labels are HTML beside and under the drawing, not SVG text: the drawing scales with its
// box (to about half size on a phone), the labels keep their 12 px. So the drawing's own margins are
// only what the dots and their bars need.
const PAD = { left: 8, right: 8, top: 12, bottom: 8 };
/** The most date labels shown under the chart: on a phone, and from sm up (the rest are in the table). */
const DATE_LABELS = { phone: 3, wide: 6 };

export const versionOf = (m: FindingMeasurement) => m.modelVersion ?? "version not named";

/** The model versions in the order they first appear, each with its colour. */
export function versionTones(measurements: FindingMeasurement[]): Map<string, string> {
  const tones = new Map<string, string>();
  for (const m of measurements) if (!tones.has(versionOf(m))) tones.set(versionOf(m), VERSION_TONES[tones.size % VERSION_TONES.length]!);
  return tones;
}

/** The y-axis top: the highest interval bound rounded up to a tenth, so small rates are not flattened. */
function axisTop(measurements: FindingMeasurement[]): number {
  const highest = Math.max(...measurements.map((m) => rateInterval(m.successes, m.trials).high));
  return Math.min(1, Math.max(0.1, Math.ceil(highest * 10) / 10));
}

/** Which of `count` points carry a date label when at most `max` fit: the first, the last and evenly between. */
export function labelledPoints(count: number, max: number): Set<number> {
  if (count <= max) return new Set(Array.from({ length: count }, (_, i) => i));
  if (max <= 1) return new Set([count - 1]);
  return new Set(Array.from({ length: max }, (_, k) => Math.round((k * (count - 1)) / (max - 1))));
}

export function MeasurementChart({ measurements }: { measurements: FindingMeasurement[] }) {
  const tones = versionTones(measurements);
  const top = axisTop(measurements);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const xScale = scaleLinear<number>({ domain: [0, Math.max(1, measurements.length - 1)], range: [PAD.left, PAD.left + plotWidth] });
  const x = (i: number) => (measurements.length === 1 ? PAD.left + plotWidth / 2 : xScale(i));
  const yScale = scaleLinear<number>({ domain: [0, top], range: [PAD.top + plotHeight, PAD.top] });
  const y = (share: number) => yScale(share);
  const ticks = [0, top / 2, top];
  const onPhone = labelledPoints(measurements.length, DATE_LABELS.phone);
  const onWide = labelledPoints(measurements.length, DATE_LABELS.wide);
  return (
    <figure className="space-y-2" data-testid="measurement-chart">
      <div className="grid grid-cols-[2.75rem_minmax(0,1fr)]">
        {/* The y axis: each tick's share beside its line, at the same height (a share of the drawing's height). */}
        <div className="relative text-xs text-slate-400" aria-hidden>
          {ticks.map((tick) => (
            <span key={tick} className="absolute right-1.5 -translate-y-1/2 leading-none" style={{ top: `${(y(tick) / HEIGHT) * 100}%` }}>
              {percent(tick)}
            </span>
          ))}
        </div>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-auto w-full"
          role="img"
          aria-label={`The success rate of ${measurements.length} ${measurements.length === 1 ? "measurement" : "measurements"} over time, with 95% intervals, coloured by model version; the table below lists each one.`}
        >
          {ticks.map((tick) => (
            <Line
              key={tick}
              from={{ x: PAD.left, y: y(tick) }}
              to={{ x: WIDTH - PAD.right, y: y(tick) }}
              className="stroke-slate-700"
              strokeDasharray="3 4"
            />
          ))}
          {measurements.map((m, i) => {
            const { low, high } = rateInterval(m.successes, m.trials);
            return (
              <g key={m.id} className={tones.get(versionOf(m))}>
                <Line
                  from={{ x: x(i), y: y(low) }}
                  to={{ x: x(i), y: y(high) }}
                  strokeWidth={3}
                  strokeLinecap="round"
                  opacity={0.6}
                  shapeRendering="auto"
                />
                <Circle cx={x(i)} cy={y(m.successes / m.trials)} r={5} />
              </g>
            );
          })}
        </svg>
        {/* The x axis: the dates of the labelled points; the first starts at its dot and the last ends at
            its dot, so neither is cut at the chart's edges. */}
        <div className="relative col-start-2 h-5 text-xs text-slate-400" aria-hidden data-testid="chart-dates">
          {measurements.map((m, i) => {
            if (!onWide.has(i) && !onPhone.has(i)) return null;
            const shown = onPhone.has(i) ? (onWide.has(i) ? "" : "sm:hidden") : "hidden sm:inline";
            const edge =
              measurements.length === 1
                ? "-translate-x-1/2"
                : i === 0
                  ? ""
                  : i === measurements.length - 1
                    ? "-translate-x-full"
                    : "-translate-x-1/2";
            return (
              <span
                key={m.id}
                className={`absolute top-1 whitespace-nowrap leading-none ${edge} ${shown}`}
                style={{ left: `${(x(i) / WIDTH) * 100}%` }}
              >
                {formatDate(m.measuredAt)}
              </span>
            );
          })}
        </div>
      </div>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
        {[...tones].map(([version, tone]) => (
          <span key={version} className="inline-flex items-center gap-1">
            <svg viewBox="0 0 10 10" className={`h-2.5 w-2.5 ${tone}`} aria-hidden>
              <circle cx="5" cy="5" r="5" />
            </svg>
            {version}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
