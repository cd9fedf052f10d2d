"use client";

import { BellRing, ShieldAlert } from "@/components/ui/sprite-icon";
import { Card } from "@/components/ui/card";
import { SeverityBadge } from "@/features/findings/components/finding-badges";
import { FINDING_SEVERITIES, FINDING_SEVERITY_LABELS } from "@/lib/domain/finding";
import { formatDate } from "@/lib/format";
import type { AttentionFinding, FindingsSummary } from "@/features/findings/server";
import { sectionHref } from "@/components/portal/portal-sections-config";
import { usePortalNavigation } from "@/components/portal/use-portal-navigation";

const linkClass = "text-accent underline-offset-2 hover:underline";
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The Overview's findings card (docs/PRODUCT.md#portal-overview): open findings by severity, overdue, retests waiting. */
export function OverviewFindings({ findings }: { findings: FindingsSummary }) {
  const { linkHandler } = usePortalNavigation();
  return (
    <Card role="region" aria-label="Open findings">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <ShieldAlert className="h-5 w-5 text-accent" aria-hidden />
          Open findings
        </h2>
        <a href={sectionHref("findings")} onClick={linkHandler("findings")} className={`text-sm ${linkClass}`}>
          All findings
        </a>
      </div>
      {/* Tiles at least as wide as their longest label ("Informational"): as many a row as fit the card. */}
      <ul className="mt-4 grid grid-cols-[repeat(auto-fit,minmax(6.75rem,1fr))] gap-2">
        {FINDING_SEVERITIES.map((severity) => (
          <li key={severity}>
            <a
              href={sectionHref("findings", { severity })}
              onClick={linkHandler("findings", { severity })}
              className="flex flex-col rounded-lg bg-slate-900 p-3 hover:bg-surface-2"
              data-testid="severity-tile"
            >
              {/* Named by what it shows, "Critical 1 open" (axe: label-content-name-mismatch). */}
              <span className="whitespace-nowrap text-xs text-muted">{FINDING_SEVERITY_LABELS[severity]}</span>{" "}
              <span className="text-xl font-bold">
                {findings.openBySeverity[severity]}
                <span className="sr-only"> open</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a href={sectionHref("findings", { overdue: "1" })} onClick={linkHandler("findings", { overdue: "1" })} className={linkClass}>
          {plural(findings.overdue, "overdue finding", "overdue findings")}
        </a>
        <a
          href={sectionHref("findings", { status: "fixed_pending_retest" })}
          onClick={linkHandler("findings", { status: "fixed_pending_retest" })}
          className={linkClass}
        >
          {plural(findings.retestsWaiting, "retest waiting", "retests waiting")}
        </a>
      </p>
    </Card>
  );
}

/**
 * What needs the client's attention: authorizations waiting for the company's signature, overdue findings by name, reports not downloaded yet, invoices
 * due (not for a member from whom Billing is withheld: null), unread messages. Each leads to its record.
 */
export function OverviewAttention({
  overdueFindings,
  reportsToDownload,
  authorizationsToSign,
  invoicesDue,
  unreadMessages,
}: {
  overdueFindings: AttentionFinding[];
  reportsToDownload: number;
  authorizationsToSign: { projectId: string; projectName: string }[];
  invoicesDue: number | null;
  unreadMessages: number;
}) {
  const { linkHandler } = usePortalNavigation();
  const nothing =
    authorizationsToSign.length === 0 && overdueFindings.length === 0 && reportsToDownload === 0 && !invoicesDue && unreadMessages === 0;
  return (
    <Card role="region" aria-label="Needs your attention">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <BellRing className="h-5 w-5 text-accent" aria-hidden />
        Needs your attention
      </h2>
      {nothing ? <p className="mt-3 text-sm text-muted">Nothing right now.</p> : null}
      <ul className="mt-3 space-y-3 text-sm">
        {authorizationsToSign.map(({ projectId, projectName }) => (
          <li key={projectId} className="min-w-0 break-words">
            <a
              href={sectionHref("projects", { project: projectId })}
              onClick={linkHandler("projects", { project: projectId })}
              className={`font-medium ${linkClass}`}
            >
              Authorization to sign: {projectName}
            </a>
          </li>
        ))}
        {overdueFindings.map((finding) => (
          <li key={finding.id} className="flex min-w-0 flex-wrap items-center gap-2">
            <SeverityBadge severity={finding.severity} />
            <a
              href={sectionHref("findings", { finding: finding.id })}
              onClick={linkHandler("findings", { finding: finding.id })}
              className={`min-w-0 break-words font-medium ${linkClass}`}
            >
              {finding.title}
            </a>
            <span className="text-muted">
              overdue since {formatDate(finding.dueOn)} · {finding.projectName}
            </span>
          </li>
        ))}
        {reportsToDownload > 0 ? (
          <li>
            <a href={sectionHref("documents")} onClick={linkHandler("documents")} className={linkClass}>
              {plural(reportsToDownload, "report", "reports")} to download
            </a>
          </li>
        ) : null}
        {invoicesDue ? (
          <li>
            <a href={sectionHref("billing")} onClick={linkHandler("billing")} className={linkClass}>
              {plural(invoicesDue, "invoice", "invoices")} to pay
            </a>
          </li>
        ) : null}
        {unreadMessages > 0 ? (
          <li>
            <a href={sectionHref("messages")} onClick={linkHandler("messages")} className={linkClass}>
              {plural(unreadMessages, "unread message", "unread messages")}
            </a>
          </li>
        ) : null}
      </ul>
    </Card>
  );
}
