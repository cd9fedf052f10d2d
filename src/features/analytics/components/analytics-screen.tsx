import { ANALYTICS_DEFINITIONS } from "@/lib/domain/analytics";
import type { Analytics } from "@/features/analytics/server";
import { filtersToSearch, PERIOD_LABELS } from "@/features/analytics/validation";
import { AnalyticsFilterForm } from "./analytics-filters";
import { Aging, AiRegressions, FlowByMonth, RemediationByMonth, RemediationBySeverity, SlaBySeverity } from "./analytics-charts";

// The analytics page of the portal and of the firm (docs/PRODUCT.md#analytics): the filters, the
// headline figures, the charts and the interchange exports of the same findings. A server
// component: every chart is SVG and HTML, no chart JavaScript.

const dayText = (n: number | null) => (n === null ? "—" : `${n} d`);

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="rounded-lg border border-slate-800 bg-slate-900/40 p-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 font-mono text-xl font-semibold">{value}</dd>
      <dd className="mt-1 text-xs text-muted">{note}</dd>
    </div>
  );
}

export function AnalyticsScreen({
  analytics,
  action,
  exportBase,
  firmView,
}: {
  analytics: Analytics;
  /** The page's own address (the filters' form posts there). */
  action: string;
  /** The interchange export's address, the filters added; null when the viewer may not export. */
  exportBase: string | null;
  firmView?: boolean;
}) {
  const { remediation, sla, aging, ai, filters } = analytics;

  const open = aging.reduce((sum, b) => sum + b.total, 0);
  const met = sla.reduce((sum, s) => sum + s.met, 0);
  const decided = sla.reduce((sum, s) => sum + s.met + s.breached, 0);
  const breachedOpen = sla.reduce((sum, s) => sum + s.breachedOpen, 0);
  const names = new Map(analytics.engagements.map((e) => [e.id, firmView ? `${e.company}: ${e.name}` : e.name]));
  const fileName = firmView ? "firm-analytics" : "analytics";
  // An export holds every finding of the filters, whatever the period.
  const exportFilters = { ...filters, period: undefined };
  return (
    <div className="space-y-6">
      <AnalyticsFilterForm
        action={action}
        filters={filters}
        engagements={analytics.engagements}
        companies={firmView ? analytics.companies : undefined}
      />
      <p className="text-sm text-muted">{ANALYTICS_DEFINITIONS.counting}</p>
      <dl
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
        aria-label={`Headline figures, ${PERIOD_LABELS[filters.period].toLowerCase()}`}
      >
        <Figure
          label="Time to remediate (p50 / p95)"
          value={`${dayText(remediation.overall.p50)} / ${dayText(remediation.overall.p95)}`}
          note={`Mean ${dayText(remediation.overall.mean)} over ${remediation.overall.count} fixes`}
        />
        <Figure
          label="SLA met"
          value={decided === 0 ? "—" : `${Math.round((met / decided) * 1000) / 10}%`}
          note={`${met} of ${decided} decided; ${breachedOpen} breached and still open`}
        />
        <Figure label="Open now" value={String(open)} note="SLA-breached findings included" />
        <Figure
          label="AI findings: time to Verified Fixed (p50)"
          value={dayText(ai.timeToVerifiedFixed.p50)}
          note={`${ai.timeToVerifiedFixed.count} fixed in the period of ${ai.findings} AI findings`}
        />
      </dl>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <RemediationByMonth data={remediation.byMonth} fileName={fileName} />
        <RemediationBySeverity data={remediation.bySeverity} fileName={fileName} />
        <SlaBySeverity data={sla} fileName={fileName} />
        <FlowByMonth data={analytics.flow} fileName={fileName} />
        <Aging data={aging} fileName={fileName} />
        <AiRegressions ai={ai} engagementName={(id) => names.get(id) ?? "Engagement"} fileName={fileName} />
      </div>
      {exportBase ? (
        <section aria-labelledby="interchange-title" className="rounded-lg border border-slate-800 p-4">
          <h2 id="interchange-title" className="text-lg font-semibold">
            Export these findings
          </h2>
          <p className="mt-1 text-sm text-muted">
            The findings the filters choose (every period), for your tools: SARIF 2.1.0 for code scanning, OCSF 1.5 Vulnerability Finding
            for a security lake, ASFF for AWS Security Hub.
          </p>
          <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {(["sarif", "ocsf", "asff"] as const).map((format) => (
              <li key={format}>
                <a
                  className="text-accent underline underline-offset-2"
                  href={`${exportBase}?${filtersToSearch({ format, ...exportFilters })}`}
                  download
                >
                  {{ sarif: "SARIF 2.1.0", ocsf: "OCSF 1.5", asff: "AWS ASFF" }[format]}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
