import { rateInterval } from "@/lib/domain/attack-rate";
import { percent } from "@/lib/domain/finding-measurement";
import { formatDate } from "@/lib/format";
import type { FindingMeasurement } from "@/features/findings/server";

// A finding's measurements drawn over time (docs/PRODUCT.md#measured-ai-findings): each one a dot at
// its rate with its 95% interval as a bar, coloured by model version. Inline SVG, no chart library;
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
const PAD = { left: 44, right: 16, top: 12, bottom: 28 };

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

export function MeasurementChart({ measurements }: { measurements: FindingMeasurement[] }) {
  const tones = versionTones(measurements);
  const top = axisTop(measurements);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (measurements.length === 1 ? plotWidth / 2 : (i * plotWidth) / (measurements.length - 1));
  const y = (share: number) => PAD.top + plotHeight - (share / top) * plotHeight;
  const ticks = [0, top / 2, top];
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-label={`The success rate of ${measurements.length} ${measurements.length === 1 ? "measurement" : "measurements"} over time, with 95% intervals, coloured by model version; the table below lists each one.`}
      >
        {ticks.map((tick) => (
          <g key={tick} className="text-slate-500">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} className="stroke-slate-700" strokeDasharray="3 4" />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="fill-current text-[11px]">
              {percent(tick)}
            </text>
          </g>
        ))}
        {measurements.map((m, i) => {
          const { low, high } = rateInterval(m.successes, m.trials);
          const tone = tones.get(versionOf(m));
          return (
            <g key={m.id} className={tone}>
              <line x1={x(i)} x2={x(i)} y1={y(low)} y2={y(high)} strokeWidth={3} strokeLinecap="round" opacity={0.6} />
              <circle cx={x(i)} cy={y(m.successes / m.trials)} r={5} />
              <text x={x(i)} y={HEIGHT - 8} textAnchor="middle" className="fill-slate-400 stroke-none text-[11px]">
                {formatDate(m.measuredAt)}
              </text>
            </g>
          );
        })}
      </svg>
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
