import { FileLock2, FileText, FolderKanban, MessageSquare, Receipt, Repeat, ScrollText, ShieldAlert, DollarSign } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { StatusBadge } from "@/components/ui/status-badge";
import { auditActionLabel } from "@/lib/domain/audit-action";
import { FINDING_SEVERITIES, FINDING_SEVERITY_LABELS } from "@/lib/domain/finding";
import { PROJECT_STATUS_LABELS, PROJECT_STATUS_TONES } from "@/lib/domain/project-status";
import { SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_STATUS_TONES } from "@/lib/domain/subscription-status";
import { formatCents, formatDate, formatDateTime } from "@/lib/format";
import type { ClientRecords } from "./client-records-data";
import { clientInvoicesHref } from "./client-links";

const linkClass = "text-accent underline-offset-2 hover:underline";

/** A compact card of the client page: its title (with a figure) and the link to the whole list. */
function RecordCard({ title, icon, link, children }: { title: string; icon: ReactNode; link?: ReactNode; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          {icon}
          {title}
        </h2>
        {link ? <span className="text-sm">{link}</span> : null}
      </div>
      {children}
    </Card>
  );
}

const none = (text: string) => <p className="text-sm text-muted">{text}</p>;

/**
 * The company's whole picture on its client page (docs/PRODUCT.md#admin-client-page): projects,
 * findings by severity, reports, documents, conversations, invoices and balance, subscription,
 * rates and access log, each card leading to its records.
 */
export function ClientRecordsCards({
  clientId,
  company,
  records,
  reportsButton,
}: {
  clientId: string;
  company: string;
  records: ClientRecords;
  /** A project row's reports button (the reports slice's dialog), handed in by the page. */
  reportsButton: (project: { id: string; projectName: string }) => ReactNode;
}) {
  const { projects, findings, reports, documents, threads, billing, subscriptions, rates, access } = records;
  const engagements = new Set(findings.engagementProjectIds);
  const icon = (Icon: typeof FileText) => <Icon className="h-5 w-5 text-accent" aria-hidden />;
  return (
    <div className="grid gap-4 lg:grid-cols-2" aria-label={`Records of ${company}`} role="region">
      <RecordCard
        title={`Projects (${projects.length})`}
        icon={icon(FolderKanban)}
        link={
          <Link href={`/admin/projects?${new URLSearchParams({ q: company })}`} className={linkClass}>
            Projects list
          </Link>
        }
      >
        {projects.length === 0 ? (
          none("No projects yet.")
        ) : (
          <ul className="space-y-3">
            {projects.map((project) => (
              <li key={project.id} className="flex min-w-0 flex-wrap items-center justify-between gap-2 text-sm">
                <span className="min-w-0 break-words">
                  <span className="font-medium">{project.projectName}</span>{" "}
                  <StatusBadge
                    value={project.status}
                    label={PROJECT_STATUS_LABELS[project.status]}
                    tone={PROJECT_STATUS_TONES[project.status]}
                  />
                </span>
                <span className="flex flex-wrap items-center gap-1">
                  {engagements.has(project.id) ? (
                    <Link
                      href={`/admin/findings?${new URLSearchParams({ projectId: project.id })}`}
                      aria-label={`Engagement: ${project.projectName}`}
                      className={`${linkClass} rounded-md p-2 text-xs font-medium`}
                    >
                      Engagement
                    </Link>
                  ) : null}
                  {reportsButton(project)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </RecordCard>

      <RecordCard title={`Open findings (${findings.summary.open})`} icon={icon(ShieldAlert)}>
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {FINDING_SEVERITIES.map((severity) => (
            <li key={severity} className="flex flex-col rounded-lg bg-slate-900 p-2 text-center">
              <span className="text-xs text-muted">{FINDING_SEVERITY_LABELS[severity]}</span>
              <span className="text-lg font-bold">{findings.summary.openBySeverity[severity]}</span>
            </li>
          ))}
        </ul>
        <p className="text-sm text-muted">
          {findings.summary.overdue} overdue · {findings.summary.retestsWaiting}{" "}
          {findings.summary.retestsWaiting === 1 ? "retest" : "retests"} waiting
        </p>
        {projects.length > 0 ? (
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
            {projects.map((project) => (
              <Link key={project.id} href={`/admin/findings?${new URLSearchParams({ projectId: project.id })}`} className={linkClass}>
                {project.projectName}
              </Link>
            ))}
          </p>
        ) : null}
      </RecordCard>

      <RecordCard title="Reports" icon={icon(FileLock2)}>
        {reports.length === 0 ? (
          none("No report published yet.")
        ) : (
          <ul className="space-y-2 text-sm">
            {reports.map((report) => (
              <li key={report.id} className="min-w-0 break-words">
                <span className="font-medium">{report.title}</span>{" "}
                <span className="text-muted">
                  v{report.version} · {report.projectName} · {formatDate(report.publishedAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="text-xs text-muted">Each project&apos;s Reports button above opens its report vault.</p>
      </RecordCard>

      <RecordCard
        title="Conversations"
        icon={icon(MessageSquare)}
        link={
          <Link
            href={`/admin/messages?${new URLSearchParams({ client: clientId })}`}
            className={linkClass}
            aria-label={`All conversations of ${company}`}
          >
            All conversations
          </Link>
        }
      >
        {threads.length === 0 ? (
          none("No conversations yet.")
        ) : (
          <ul className="space-y-2 text-sm">
            {threads.map((thread) => (
              <li key={thread.id} className="min-w-0 break-words">
                <Link
                  href={`/admin/messages?${new URLSearchParams({ client: clientId, thread: thread.id })}`}
                  className={`font-medium ${linkClass}`}
                >
                  {thread.subject}
                </Link>{" "}
                <span className="text-muted">
                  {formatDateTime(thread.lastMessageAt)}
                  {thread.unread ? " · unread" : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </RecordCard>

      <RecordCard
        title="Invoices and balance"
        icon={icon(Receipt)}
        link={
          <Link href={clientInvoicesHref(clientId)} className={linkClass}>
            All invoices
          </Link>
        }
      >
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-muted">Balance due</dt>
            <dd className="font-mono font-semibold">{formatCents(billing.balanceDueCents)}</dd>
          </div>
          <div>
            <dt className="text-muted">Invoices</dt>
            <dd className="font-semibold">{billing.invoiceCount}</dd>
          </div>
          <div>
            <dt className="text-muted">Pending</dt>
            <dd className="font-semibold">{billing.pendingCount}</dd>
          </div>
          <div>
            <dt className="text-muted">Overdue</dt>
            <dd className="font-semibold">{billing.overdueCount}</dd>
          </div>
        </dl>
      </RecordCard>

      <RecordCard
        title="Documents"
        icon={icon(FileText)}
        link={
          <Link href={`/admin/documents?${new URLSearchParams({ clientId })}`} className={linkClass}>
            All documents
          </Link>
        }
      >
        {documents.length === 0 ? (
          none("No documents yet.")
        ) : (
          <ul className="space-y-1 text-sm">
            {documents.map((document) => (
              <li key={document.id} className="min-w-0 break-words">
                {document.name} <span className="text-muted">· {formatDate(document.uploadedAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </RecordCard>

      <RecordCard
        title="Subscription"
        icon={icon(Repeat)}
        link={
          <Link href={`/admin/subscriptions?${new URLSearchParams({ q: company })}`} className={linkClass}>
            Subscriptions
          </Link>
        }
      >
        {subscriptions.length === 0 ? (
          none("No support plan.")
        ) : (
          <ul className="space-y-2 text-sm">
            {subscriptions.map((subscription) => (
              <li key={subscription.id} className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{subscription.tierName}</span>
                <span className="font-mono text-muted">{formatCents(subscription.monthlyPriceCents)}/month</span>
                <StatusBadge
                  value={subscription.status}
                  label={SUBSCRIPTION_STATUS_LABELS[subscription.status]}
                  tone={SUBSCRIPTION_STATUS_TONES[subscription.status]}
                />
              </li>
            ))}
          </ul>
        )}
      </RecordCard>

      <RecordCard
        title="Rates"
        icon={icon(DollarSign)}
        link={
          <Link href={`/admin/client-rates?${new URLSearchParams({ clientId })}`} className={linkClass}>
            Edit rates
          </Link>
        }
      >
        {rates.length === 0 ? (
          none("The default rates apply.")
        ) : (
          <ul className="space-y-1 text-sm">
            {rates.map((rate) => (
              <li key={rate.id} className="flex flex-wrap justify-between gap-2">
                <span>{rate.serviceType}</span>
                <span className="font-mono">
                  {rate.hourlyRateCents === null ? "" : `${formatCents(rate.hourlyRateCents)}/h`}
                  {rate.monthlyRetainerCents === null ? "" : ` ${formatCents(rate.monthlyRetainerCents)}/month`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </RecordCard>

      <RecordCard
        title="Access log"
        icon={icon(ScrollText)}
        link={
          <Link
            href={`/admin/audit?${new URLSearchParams({ client: clientId })}`}
            className={linkClass}
            aria-label={`Audit log of ${company}`}
          >
            Audit log
          </Link>
        }
      >
        {access.length === 0 ? (
          none("The firm has not opened this company's data yet.")
        ) : (
          <ul className="space-y-1 text-sm">
            {access.map((entry) => (
              <li key={entry.id} className="min-w-0 break-words">
                {auditActionLabel(entry.action)}
                {entry.item ? ` · ${entry.item}` : ""}{" "}
                <span className="text-muted">
                  · {entry.who} · {formatDateTime(entry.at)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </RecordCard>
    </div>
  );
}
