import { Card } from "@/components/ui/card";
import { rateInterval } from "@/lib/domain/attack-rate";
import { MEASUREMENT_SOURCE_LABELS, measuredRate, modelLabel, percent, rateSentence } from "@/lib/domain/finding-measurement";
import { formatDate } from "@/lib/format";
import type { FindingDetail } from "@/features/findings/server";
import type { FindingMeasurement } from "@/features/measurements/server";
import { MeasurementChart, versionOf } from "@/features/measurements/components/measurement-chart";
import { MeasurementJudgement } from "@/features/measurements/components/measurement-judgement";

// A measured AI finding's rate (docs/PRODUCT.md#measured-ai-findings), portal and admin alike: the
// latest measurement in words, every measurement over time and per model version.

const model = (m: FindingMeasurement) => modelLabel(m) || "Model not named";

/** The latest measurement: rate, interval, about 1 in N, pass@k, the model and the attack. */
function LatestMeasurement({ latest, previous }: { latest: FindingMeasurement; previous: FindingMeasurement | null }) {
  const rate = measuredRate(latest.successes, latest.trials);
  const hashes = [
    ["System prompt", latest.systemPromptSha256],
    ["Tool manifest", latest.toolManifestSha256],
    ["Guardrail configuration", latest.guardrailConfigSha256],
  ].filter((entry): entry is [string, string] => entry[1] !== null);
  return (
    <div className="space-y-3">
      <p>
        <span className="text-3xl font-bold" data-testid="measured-rate">
          {percent(rate.rate)}
        </span>{" "}
        <span className="text-sm text-muted">
          of attempts succeeded ({latest.successes.toLocaleString("en-US")} of {latest.trials.toLocaleString("en-US")}); 95% interval{" "}
          {percent(rate.low)} to {percent(rate.high)}
        </span>
      </p>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">How often</dt>
          <dd>{rate.oneIn === null ? "No success in these trials" : `About 1 in ${rate.oneIn.toLocaleString("en-US")} attempts`}</dd>
        </div>
        <div>
          <dt className="text-muted">Chance that at least one of k attempts succeeds</dt>
          <dd>{rate.passAt.map(({ k, value }) => `pass@${k} ${percent(value)}`).join(" · ")}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted">Model</dt>
          <dd className="break-words">{model(latest)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted">Measured</dt>
          <dd className="break-words">
            {formatDate(latest.measuredAt)} · {MEASUREMENT_SOURCE_LABELS[latest.source]}
            {latest.probe ? ` · ${latest.probe}` : ""}
            {latest.detector ? ` (detector ${latest.detector})` : ""}
          </dd>
        </div>
        {hashes.map(([label, hash]) => (
          <div key={label} className="min-w-0 sm:col-span-2">
            <dt className="text-muted">{label} (SHA-256)</dt>
            <dd className="break-all font-mono text-xs">{hash}</dd>
          </div>
        ))}
      </dl>
      <MeasurementJudgement latest={latest} previous={previous} />
    </div>
  );
}

/** Per model version: the trials of every run on it added up, and the rate they give. */
function ByVersion({ measurements }: { measurements: FindingMeasurement[] }) {
  const versions = new Map<string, { runs: number; successes: number; trials: number }>();
  for (const m of measurements) {
    const sum = versions.get(versionOf(m)) ?? { runs: 0, successes: 0, trials: 0 };
    versions.set(versionOf(m), { runs: sum.runs + 1, successes: sum.successes + m.successes, trials: sum.trials + m.trials });
  }
  return (
    <ul className="space-y-1 text-sm" aria-label="By model version">
      {[...versions].map(([version, sum]) => (
        <li key={version}>
          <span className="font-medium">{version}</span>: {rateSentence(sum.successes, sum.trials)}, {sum.runs}{" "}
          {sum.runs === 1 ? "measurement" : "measurements"}
        </li>
      ))}
    </ul>
  );
}

/**
 * Every measurement as text: the chart's alternative, and the record itself. A table from md up,
 * stacked cards on a phone (the same rows restyled, each value under its column's name), so the
 * rate and the source are on screen at 390 px without a sideways scroll.
 */
function MeasurementTable({ measurements }: { measurements: FindingMeasurement[] }) {
  const cell = "md:table-cell md:py-1 md:pr-3";
  // A phone shows the column's name before the value (CSS from data-label: the cell's text stays its value).
  const named = "before:mr-2 before:text-xs before:text-muted before:content-[attr(data-label)] md:before:hidden";
  return (
    <table className="block w-full text-left text-sm md:table">
      <caption className="sr-only">Every measurement, newest first: {measurements.length} in all.</caption>
      <thead className="hidden text-xs text-muted md:table-header-group">
        <tr>
          {["Date", "Model", "Successes", "Rate (95% interval)", "Source"].map((header) => (
            <th key={header} scope="col" className="py-1 pr-3 font-medium">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="block space-y-2 md:table-row-group md:space-y-0">
        {[...measurements].reverse().map((m) => {
          const { low, high } = rateInterval(m.successes, m.trials);
          return (
            <tr
              key={m.id}
              className="flex flex-wrap gap-x-3 gap-y-1 rounded-lg border border-slate-800 p-3 md:table-row md:rounded-none md:border-0 md:border-t md:p-0"
              data-testid="measurement-row"
            >
              <td className={`whitespace-nowrap font-medium md:font-normal ${cell}`}>{formatDate(m.measuredAt)}</td>
              <td className={`w-full min-w-0 break-words md:w-auto ${cell} ${named}`} data-label="Model">
                {model(m)}
              </td>
              <td className={`w-full md:w-auto md:whitespace-nowrap ${cell} ${named}`} data-label="Successes">
                {m.successes.toLocaleString("en-US")} of {m.trials.toLocaleString("en-US")}
              </td>
              <td className={`w-full md:w-auto md:whitespace-nowrap ${cell} ${named}`} data-label="Rate">
                {percent(m.successes / m.trials)} ({percent(low)} to {percent(high)})
              </td>
              <td className={`w-full md:w-auto md:py-1 md:table-cell ${named}`} data-label="Source">
                {MEASUREMENT_SOURCE_LABELS[m.source]}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function FindingMeasurements({ finding }: { finding: FindingDetail }) {
  if (!finding.isAi) return null;
  const { measurements } = finding;
  const latest = measurements.at(-1);
  return (
    <Card className="space-y-4" aria-labelledby={`measurements-${finding.id}`}>
      <h2 id={`measurements-${finding.id}`} className="font-semibold">
        Measured attack success
      </h2>
      {latest ? (
        <>
          <LatestMeasurement latest={latest} previous={measurements.at(-2) ?? null} />
          <ByVersion measurements={measurements} />
          <MeasurementChart measurements={measurements} />
          <MeasurementTable measurements={measurements} />
        </>
      ) : (
        <p className="text-sm text-muted">Not measured yet: no run of this attack has been recorded.</p>
      )}
    </Card>
  );
}

/** Severity guidance: the latest measured rate beside CVSS. The severity stays the firm's call. */
export function MeasuredSeverityGuidance({ finding }: { finding: FindingDetail }) {
  const latest = finding.measurements.at(-1);
  if (!latest) return null;
  const rate = measuredRate(latest.successes, latest.trials);
  const cvss = finding.cvssScoreTenths === null ? "No CVSS score" : `CVSS ${(finding.cvssScoreTenths / 10).toFixed(1)}`;
  return (
    <div className="sm:col-span-2">
      <dt className="text-muted">Severity guidance</dt>
      <dd>
        {cvss} beside a measured success rate of {percent(rate.rate)}
        {rate.oneIn === null ? "" : ` (about 1 in ${rate.oneIn.toLocaleString("en-US")} attempts)`} on {model(latest)}. The severity stays
        the firm&apos;s call.
      </dd>
    </div>
  );
}
