import { BarsDrawing, type BarSeries, CHART_COLOURS, roundAxisMax } from "@/components/charts/bars";
import { ChartFigure, chartId } from "@/components/charts/chart-figure";
import { EmptyState } from "@/components/ui/spinner";
import { ANALYTICS_DEFINITIONS } from "@/lib/domain/analytics";
import { FINDING_SEVERITY_LABELS, type FindingSeverity } from "@/lib/domain/finding";
import { formatDate } from "@/lib/format";
import type { Analytics } from "@/features/analytics/server";

// The analytics' charts (docs/PRODUCT.md#analytics): each a ChartFigure (definition, table, CSV)
// around visx bars drawn on the server.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const monthShort = (month: string) => MONTHS[Number(month.slice(5, 7)) - 1] ?? month;
const monthLong = (month: string) => `${monthShort(month)} ${month.slice(0, 4)}`;
const monthCategory = (month: string) => ({ key: month, short: monthShort(month), long: monthLong(month) });
const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;
const count = (n: number) => String(n);
const percent = (n: number) => `${n}%`;

const SEVERITY_COLOURS = { critical: "red", high: "amber", medium: "violet", low: "sky", informational: "slate" } as const;

function Drawing({
  title,
  categories,
  series,
  values,
  format,
  max,
}: {
  title: string;
  categories: { key: string; short: string; long: string }[];
  series: BarSeries[];
  values: (number | null)[][];
  format: (n: number) => string;
  max?: number;
}) {
  const largest = Math.max(0, ...values.flat().map((v) => v ?? 0));
  if (largest === 0) return <EmptyState title="Nothing to draw" hint="No findings match the filters in this period." />;
  return (
    <>
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm" aria-label={`${title}: legend`}>
        {series.map((s) => (
          <li key={s.key} className="flex items-center gap-2">
            <span className={`inline-block h-3 w-3 rounded-sm ${CHART_COLOURS[s.colour].swatch}`} aria-hidden />
            <span className="text-muted">{s.label}</span>
          </li>
        ))}
      </ul>
      <BarsDrawing
        id={chartId(title)}
        title={title}
        categories={categories}
        series={series}
        valueOf={(i, key) => values[i]![series.findIndex((s) => s.key === key)] ?? null}
        format={format}
        axisMax={max ?? roundAxisMax(largest)}
        axisLabel={(n) => String(Math.round(n))}
      />
    </>
  );
}

const SPREAD_SERIES: BarSeries[] = [
  { key: "mean", label: "Mean", colour: "emerald" },
  { key: "p50", label: "Median (p50)", colour: "cyan" },
  { key: "p95", label: "95th percentile", colour: "violet" },
];

export function RemediationByMonth({ data, fileName }: { data: Analytics["remediation"]["byMonth"]; fileName: string }) {
  const title = "Time to remediate per month";
  return (
    <ChartFigure
      title={title}
      definition={ANALYTICS_DEFINITIONS.timeToRemediate}
      fileName={`${fileName}-time-to-remediate-per-month`}
      table={{
        columns: ["Month", "Fixes", "Mean (days)", "p50 (days)", "p95 (days)"],
        rows: data.map((m) => [monthLong(m.month), m.count, m.mean, m.p50, m.p95]),
      }}
    >
      <Drawing
        title={title}
        categories={data.map((m) => monthCategory(m.month))}
        series={SPREAD_SERIES}
        values={data.map((m) => [m.mean, m.p50, m.p95])}
        format={days}
      />
    </ChartFigure>
  );
}

export function RemediationBySeverity({ data, fileName }: { data: Analytics["remediation"]["bySeverity"]; fileName: string }) {
  const title = "Time to remediate per severity";
  const label = (s: FindingSeverity) => FINDING_SEVERITY_LABELS[s];
  return (
    <ChartFigure
      title={title}
      definition={ANALYTICS_DEFINITIONS.timeToRemediate}
      fileName={`${fileName}-time-to-remediate-per-severity`}
      table={{
        columns: ["Severity", "Fixes", "Mean (days)", "p50 (days)", "p95 (days)"],
        rows: data.map((s) => [label(s.severity), s.count, s.mean, s.p50, s.p95]),
      }}
    >
      <Drawing
        title={title}
        categories={data.map((s) => ({ key: s.severity, short: label(s.severity).slice(0, 4), long: label(s.severity) }))}
        series={SPREAD_SERIES}
        values={data.map((s) => [s.mean, s.p50, s.p95])}
        format={days}
      />
    </ChartFigure>
  );
}

export function SlaBySeverity({ data, fileName }: { data: Analytics["sla"]; fileName: string }) {
  const title = "SLA met per severity";
  const label = (s: FindingSeverity) => FINDING_SEVERITY_LABELS[s];
  return (
    <ChartFigure
      title={title}
      definition={ANALYTICS_DEFINITIONS.sla}
      fileName={`${fileName}-sla-met`}
      table={{
        columns: ["Severity", "Met", "Breached", "Breached, still open", "Pending", "Met %"],
        rows: data.map((s) => [label(s.severity), s.met, s.breached, s.breachedOpen, s.pending, s.metPercent]),
      }}
    >
      <Drawing
        title={title}
        categories={data.map((s) => ({ key: s.severity, short: label(s.severity).slice(0, 4), long: label(s.severity) }))}
        series={[{ key: "met", label: "Met %", colour: "emerald" }]}
        values={data.map((s) => [s.metPercent])}
        format={percent}
        max={100}
      />
    </ChartFigure>
  );
}

export function FlowByMonth({ data, fileName }: { data: Analytics["flow"]; fileName: string }) {
  const title = "Open vs closed per month";
  return (
    <ChartFigure
      title={title}
      definition={ANALYTICS_DEFINITIONS.flow}
      fileName={`${fileName}-open-vs-closed`}
      table={{
        columns: ["Month", "Opened", "Verified Fixed", "Accepted", "Open at month end"],
        rows: data.map((m) => [monthLong(m.month), m.opened, m.fixed, m.accepted, m.openAtEnd]),
      }}
    >
      <Drawing
        title={title}
        categories={data.map((m) => monthCategory(m.month))}
        series={[
          { key: "opened", label: "Opened", colour: "amber" },
          { key: "fixed", label: "Verified Fixed", colour: "emerald" },
          { key: "accepted", label: "Accepted", colour: "slate" },
          { key: "open", label: "Open at month end", colour: "red" },
        ]}
        values={data.map((m) => [m.opened, m.fixed, m.accepted, m.openAtEnd])}
        format={count}
      />
    </ChartFigure>
  );
}

export function Aging({ data, fileName }: { data: Analytics["aging"]; fileName: string }) {
  const title = "Aging of open findings";
  const severities = Object.keys(SEVERITY_COLOURS) as FindingSeverity[];
  return (
    <ChartFigure
      title={title}
      definition={ANALYTICS_DEFINITIONS.aging}
      fileName={`${fileName}-aging`}
      table={{
        columns: ["Age", ...severities.map((s) => FINDING_SEVERITY_LABELS[s]), "Total"],
        rows: data.map((b) => [b.label, ...severities.map((s) => b[s]), b.total]),
      }}
    >
      <Drawing
        title={title}
        categories={data.map((b) => ({ key: b.bucket, short: b.bucket, long: b.label }))}
        series={severities.map((s) => ({ key: s, label: FINDING_SEVERITY_LABELS[s], colour: SEVERITY_COLOURS[s] }))}
        values={data.map((b) => severities.map((s) => b[s]))}
        format={count}
      />
    </ChartFigure>
  );
}

export function AiRegressions({
  ai,
  engagementName,
  fileName,
}: {
  ai: Analytics["ai"];
  engagementName: (id: string) => string;
  fileName: string;
}) {
  const title = "Regressions per model-version change";
  const changes = [...ai.changes].reverse();
  return (
    <ChartFigure
      title={title}
      definition={ANALYTICS_DEFINITIONS.aiRegressions}
      fileName={`${fileName}-model-version-regressions`}
      table={{
        columns: ["Changed on", "Engagement", "Target", "From", "To", "Regressions"],
        rows: changes.map((c) => [
          formatDate(c.changedAt),
          engagementName(c.projectId),
          c.target,
          c.fromVersion,
          c.toVersion,
          c.regressions,
        ]),
      }}
    >
      {changes.length === 0 ? (
        <EmptyState
          title="No model-version change recorded"
          hint="A change appears here once a new version is recorded for an engagement's target."
        />
      ) : (
        <BarsDrawing
          id={chartId(title)}
          title={title}
          categories={changes.map((c, i) => ({
            key: String(i),
            short: c.toVersion,
            long: `${c.target} ${c.fromVersion} → ${c.toVersion}`,
          }))}
          series={[{ key: "regressions", label: "Regressions", colour: "red" }]}
          valueOf={(i) => changes[i]!.regressions}
          format={count}
          axisMax={roundAxisMax(Math.max(1, ...changes.map((c) => c.regressions)))}
          axisLabel={(n) => String(Math.round(n))}
        />
      )}
    </ChartFigure>
  );
}
