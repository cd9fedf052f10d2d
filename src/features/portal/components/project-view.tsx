"use client";

import { ArrowLeft, FileLock2, FileText, MessageSquare, Receipt, ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { StatusBadge } from "@/components/ui/status-badge";
import { FindingBadges } from "@/features/findings/components/finding-badges";
import { INVOICE_STATUS_LABELS, INVOICE_STATUS_TONES } from "@/lib/domain/invoice-status";
import { PROJECT_STATUS_LABELS, PROJECT_STATUS_TONES } from "@/lib/domain/project-status";
import { formatCents, formatDate, formatDateTime } from "@/lib/format";
import { FINDINGS_WITHHELD_MESSAGE, REPORTS_WITHHELD_MESSAGE } from "@/lib/domain/member-access";
import type { PortalProjectView as ProjectViewData } from "@/features/portal/server";
import { sectionHref } from "@/components/portal/portal-sections-config";
import { SectionHeading } from "@/components/portal/section-heading";
import { usePortalNavigation } from "@/components/portal/use-portal-navigation";
import { PortalLetters } from "@/features/attestations/components/portal-letters";
import { PortalEvidence } from "@/features/evidence/components/portal-evidence";
import { PortalAuthorization } from "@/features/authorizations/components/portal-authorization";
import { ProjectTimelineList } from "@/features/projects/components/project-timeline-list";

/** Where a finding, a conversation of the project lead: their own sections, opened on them. */
const findingHref = (id: string) => sectionHref("findings", { finding: id });
const threadHref = (id: string) => sectionHref("messages", { thread: id });

function Panel({ title, icon, action, children }: { title: string; icon: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          {icon}
          {title}
        </h2>
        {action}
      </div>
      {children}
    </Card>
  );
}

/**
 * One project of the client (docs/PRODUCT.md#portal-project-view), reached from its card under
 * Projects: its findings, reports, invoices, conversations and documents, each leading to its
 * record, and its timeline. Only the client's own project reaches here (the server checked).
 */
export function ProjectView({ data }: { data: ProjectViewData }) {
  const { linkHandler } = usePortalNavigation();
  const { project, findings, reports, invoices, threads, timeline, letters, lettersAnonymous, authorization, coverage, packs } = data;
  const validLetter = letters.find((letter) => letter.state === "Valid");
  const link = (href: string, onClick: ReturnType<typeof linkHandler> | undefined, text: string, label?: string) => (
    <a href={href} onClick={onClick} aria-label={label} className="text-sm text-accent underline-offset-2 hover:underline">
      {text}
    </a>
  );
  return (
    <section aria-labelledby="portal-section-heading" className="space-y-6">
      <a
        href={sectionHref("projects")}
        onClick={linkHandler("projects")}
        className="inline-flex items-center gap-1 text-sm text-muted hover:text-foreground"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        All projects
      </a>
      <SectionHeading
        title={project.projectName}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <StatusBadge value={project.status} label={PROJECT_STATUS_LABELS[project.status]} tone={PROJECT_STATUS_TONES[project.status]} />
            <span>
              Started {formatDate(project.startDate)} · Due {formatDate(project.targetCompletionDate)}
            </span>
          </span>
        }
      />
      {project.description ? <p className="-mt-3 text-sm text-muted">{project.description}</p> : null}

      <div className="grid gap-4 lg:grid-cols-2">
        {authorization ? <PortalAuthorization {...authorization} /> : null}

        <Panel
          title="Findings"
          icon={<ShieldAlert className="h-5 w-5 text-accent" aria-hidden />}
          action={
            findings === null
              ? undefined
              : link(
                  sectionHref("findings", { engagement: project.id }),
                  linkHandler("findings", { engagement: project.id }),
                  "All findings",
                  `All findings of ${project.projectName}`,
                )
          }
        >
          {findings === null ? (
            <p className="text-sm text-muted">{FINDINGS_WITHHELD_MESSAGE}</p>
          ) : findings.items.length === 0 ? (
            <p className="text-sm text-muted">No findings published for this project.</p>
          ) : (
            <ul className="space-y-3">
              {findings.items.slice(0, 8).map((finding) => (
                <li key={finding.id} className="min-w-0 space-y-1">
                  <a
                    href={findingHref(finding.id)}
                    onClick={linkHandler("findings", { finding: finding.id })}
                    className="block break-words font-medium text-accent underline-offset-2 hover:underline"
                  >
                    {finding.title}
                  </a>
                  <FindingBadges finding={finding} />
                </li>
              ))}
            </ul>
          )}
          {findings && findings.total > 8 ? <p className="text-xs text-muted">{findings.total - 8} more under All findings.</p> : null}
        </Panel>

        <Panel
          title="Reports"
          icon={<FileLock2 className="h-5 w-5 text-accent" aria-hidden />}
          action={link(sectionHref("documents"), linkHandler("documents"), "Open the report vault")}
        >
          {reports === null ? (
            <p className="text-sm text-muted">{REPORTS_WITHHELD_MESSAGE}</p>
          ) : reports.length === 0 ? (
            <p className="text-sm text-muted">No report published for this project yet.</p>
          ) : (
            <ul className="space-y-2">
              {reports.map((report) => (
                <li key={report.id} className="min-w-0 text-sm">
                  <span className="break-words font-medium">{report.title}</span>{" "}
                  <span className="text-muted">
                    v{report.version} · {formatDate(report.publishedAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p className="text-xs text-muted">Reports download from the report vault under Documents, as a copy marked with your name.</p>
          {validLetter ? (
            <p className="text-xs text-muted">
              Attestation letter to share:{" "}
              <a href={validLetter.verifyUrl} className="break-all text-accent underline-offset-2 hover:underline">
                {validLetter.verifyUrl}
              </a>
            </p>
          ) : null}
        </Panel>

        {(reports?.length ?? 0) > 0 || letters.length > 0 ? <PortalLetters letters={letters} anonymous={lettersAnonymous} /> : null}

        {coverage || packs.length > 0 ? <PortalEvidence coverage={coverage} packs={packs} /> : null}

        {/* No invoices for a member from whom the owners withheld Billing: the server read none. */}
        {invoices ? (
          <Panel
            title="Invoices"
            icon={<Receipt className="h-5 w-5 text-accent" aria-hidden />}
            action={link(sectionHref("billing"), linkHandler("billing"), "Billing")}
          >
            {invoices.length === 0 ? (
              <p className="text-sm text-muted">No invoices linked to this project.</p>
            ) : (
              <ul className="space-y-2">
                {invoices.map((invoice) => (
                  <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span className="min-w-0 break-words">
                      <span className="font-medium">{invoice.invoiceNumber}</span>{" "}
                      <span className="text-muted">due {formatDate(invoice.dueDate)}</span>
                    </span>
                    <span className="flex items-center gap-2">
                      <span className="font-mono">{formatCents(invoice.amountCents)}</span>
                      <StatusBadge
                        value={invoice.status}
                        label={INVOICE_STATUS_LABELS[invoice.status]}
                        tone={INVOICE_STATUS_TONES[invoice.status]}
                      />
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        ) : null}

        <Panel
          title="Conversations"
          icon={<MessageSquare className="h-5 w-5 text-accent" aria-hidden />}
          action={link(sectionHref("messages"), linkHandler("messages"), "Messages")}
        >
          {threads.length === 0 ? (
            <p className="text-sm text-muted">No conversation about this project yet.</p>
          ) : (
            <ul className="space-y-2">
              {threads.map((thread) => (
                <li key={thread.id} className="min-w-0 text-sm">
                  <a
                    href={threadHref(thread.id)}
                    onClick={linkHandler("messages", { thread: thread.id })}
                    className="break-words font-medium text-accent underline-offset-2 hover:underline"
                  >
                    {thread.subject}
                  </a>{" "}
                  <span className="text-muted">
                    {thread.messageCount} {thread.messageCount === 1 ? "message" : "messages"} · {formatDateTime(thread.lastMessageAt)}
                    {thread.unread ? " · unread" : ""}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>

        <Panel
          title="Documents"
          icon={<FileText className="h-5 w-5 text-accent" aria-hidden />}
          action={link(sectionHref("documents"), linkHandler("documents"), "Document Library")}
        >
          <p className="text-sm text-muted">Documents are shared with your company as a whole: contracts, statements of work and more.</p>
        </Panel>
      </div>

      <Card>
        <h2 className="mb-4 text-lg font-semibold">Timeline</h2>
        <ProjectTimelineList entries={timeline} links={{ finding: findingHref, message: threadHref }} />
      </Card>
    </section>
  );
}

/** A project that is not the client's, or none: said like a missing one. */
export function ProjectNotFound() {
  const { linkHandler } = usePortalNavigation();
  return (
    <section aria-labelledby="portal-section-heading">
      <SectionHeading title="Project not found" description="This project does not exist or is not one of your company's." />
      <a href={sectionHref("projects")} onClick={linkHandler("projects")} className="text-sm text-accent underline">
        All projects
      </a>
    </section>
  );
}
