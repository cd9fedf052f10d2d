import type { Metadata } from "next";
import Form from "next/form";
import Link from "next/link";
import { connection } from "next/server";
import { DueDaysForm, EngagementFindingList } from "@/features/findings/components/admin/engagement-findings";
import { FindingForm } from "@/features/findings/components/admin/finding-form";
import { ImportHistory } from "@/features/imports/components/admin/import-history";
import { ScanImport } from "@/features/imports/components/admin/scan-import";
import { applyScanImportAction } from "@/features/evidence/actions/imports";
import { GeneratedReportActions } from "@/features/reports/components/generated-report-actions";
import { PageHeader } from "@/components/admin/page-header";
import { FindingStatusBadge, OverdueBadge, SeverityBadge } from "@/features/findings/components/finding-badges";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/field";
import { FINDING_SEVERITIES, FINDING_SEVERITY_LABELS } from "@/lib/domain/finding";
import { modelLabel } from "@/lib/domain/finding-measurement";
import { formatDate, formatDateTime } from "@/lib/format";
import { uuidSchema } from "@/lib/validation/common";
import { getDb } from "@/server/core/get-db";
import { requireAdminPage } from "@/features/identity/server";
import { listFindingImports } from "@/features/imports/server";
import { adminFindingsQueue, listEngagementFindings, listEngagementOptions, listFindingTemplateOptions } from "@/features/findings/server";
import { nextGeneratedReportVersion } from "@/features/reports/server";

export const metadata: Metadata = { title: "Findings" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * `/admin/findings` (docs/PRODUCT.md#admin-findings): the queue across clients (open retest
 * requests, overdue findings, risk acceptances to acknowledge), or with `?projectId=` one
 * engagement's findings, drafts included.
 */
export default async function AdminFindingsPage({ searchParams }: Props) {
  await connection();
  const actor = await requireAdminPage();
  const projectId = uuidSchema.safeParse(first((await searchParams).projectId)).data;
  const db = getDb();
  const [engagements, engagement, imports, nextReportVersion, templates] = await Promise.all([
    listEngagementOptions(db, { actor }),
    projectId ? listEngagementFindings(db, { actor, projectId }) : null,
    projectId ? listFindingImports(db, { actor, projectId }) : [],
    projectId ? nextGeneratedReportVersion(db, { actor, projectId }) : 1,
    projectId ? listFindingTemplateOptions(db, { actor }) : [],
  ]);
  const picker = (
    <Form action="/admin/findings" className="flex flex-wrap items-end gap-2" aria-label="Open an engagement">
      <label className="text-sm">
        <span className="mb-1 block text-muted">Engagement</span>
        <Select name="projectId" defaultValue={projectId ?? ""} className="max-w-[16rem]">
          <option value="">Queue across clients</option>
          {engagements.map((e) => (
            <option key={e.projectId} value={e.projectId}>
              {e.company}: {e.projectName}
            </option>
          ))}
        </Select>
      </label>
      <button type="submit" className={buttonClasses("secondary", "md")}>
        Open
      </button>
      <Link href="/admin/findings/templates" className={buttonClasses("secondary", "md")}>
        Templates
      </Link>
      <Link href="/admin/findings/judges" className={buttonClasses("secondary", "md")}>
        Judges
      </Link>
      {projectId ? (
        <Link href={`/admin/findings/runs?project=${encodeURIComponent(projectId)}`} className={buttonClasses("secondary", "md")}>
          Re-runs
        </Link>
      ) : null}
    </Form>
  );

  if (engagement) {
    const { project, findings, counts, dueDays, modelVersions, notVerified } = engagement;
    return (
      <>
        <PageHeader
          title={`Findings: ${project.name}`}
          description={`${project.company}. Drafts stay with us until published.`}
          actions={picker}
        />
        <div className="space-y-6">
          <Card className="space-y-2">
            <h2 className="font-semibold">Published findings</h2>
            <p className="text-sm">
              {FINDING_SEVERITIES.map((s) => `${FINDING_SEVERITY_LABELS[s]} ${counts.bySeverity[s]}`).join(" · ")} · Overdue{" "}
              {counts.overdue}
            </p>
          </Card>
          {modelVersions.length > 0 ? (
            <Card className="space-y-3" aria-labelledby="model-versions-heading">
              <h2 id="model-versions-heading" className="font-semibold">
                Model versions the client runs
              </h2>
              <ul className="space-y-1 text-sm">
                {modelVersions.map((t) => (
                  <li key={t.current.id}>
                    {modelLabel({ provider: t.provider, modelId: t.modelId, modelVersion: t.current.modelVersion })}: recorded by{" "}
                    {t.current.recordedByName}, {formatDateTime(t.current.recordedAt)}
                    {t.history.length > 1 ? ` (before: ${t.history[1]!.modelVersion})` : ""}
                  </li>
                ))}
              </ul>
              <h3 className="pt-2 text-sm font-semibold">Not verified on the version the client runs now ({notVerified.length})</h3>
              {notVerified.length === 0 ? (
                <p className="text-sm text-muted">Every Verified Fixed finding was verified on the version the client runs now.</p>
              ) : (
                <ul className="space-y-1 text-sm" data-testid="not-verified-findings">
                  {notVerified.map((f) => (
                    <li key={`${f.findingId}:${f.modelId}`}>
                      <Link href={`/admin/findings/${f.findingId}`} className="font-medium break-words hover:underline">
                        {f.title}
                      </Link>{" "}
                      <span className="text-muted">
                        verified on {f.modelId} {f.verifiedVersion ?? "(no version)"}; the client runs {f.currentVersion}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          ) : null}
          <Card className="space-y-3">
            <h2 className="font-semibold">Report</h2>
            <GeneratedReportActions projectId={project.id} nextVersion={nextReportVersion} />
          </Card>
          <Card className="space-y-3">
            <h2 className="font-semibold">Findings</h2>
            <EngagementFindingList projectId={project.id} findings={findings} toolIdTitled={engagement.toolIdTitled} />
          </Card>
          <Card className="space-y-3">
            <h2 className="font-semibold">Import scan results</h2>
            <p className="text-sm text-muted">
              SARIF, Nessus, Burp Suite, OWASP ZAP, Nuclei, garak, promptfoo or CSV. A finding already in this engagement is never added
              twice.
            </p>
            <ScanImport projectId={project.id} applyImport={applyScanImportAction} />
            <h3 className="pt-2 text-sm font-semibold">Import history</h3>
            <ImportHistory imports={imports} />
          </Card>
          <Card className="space-y-3">
            <h2 className="font-semibold">New finding</h2>
            <FindingForm projectId={project.id} templates={templates} />
          </Card>
          <Card className="space-y-3">
            <h2 className="font-semibold">Due dates</h2>
            <p className="text-sm text-muted">Days from publishing, per severity. Informational findings have no due date.</p>
            <DueDaysForm projectId={project.id} dueDays={dueDays} />
          </Card>
        </div>
      </>
    );
  }

  // The queue only where it shows: an engagement's page does not read it.
  const queue = await adminFindingsQueue(db, { actor });
  return (
    <>
      <PageHeader title="Findings" description="Retest requests, overdue findings and risk acceptances across clients." actions={picker} />
      {projectId ? <p className="mb-4 text-sm text-danger">Engagement not found.</p> : null}
      <div className="space-y-6">
        <Card className="space-y-3">
          <h2 className="font-semibold">Retest requests ({queue.retests.length})</h2>
          {queue.retests.length === 0 ? (
            <p className="text-sm text-muted">No open retest requests.</p>
          ) : (
            <ul className="space-y-2">
              {queue.retests.map((r) => (
                <li key={r.findingId} className="rounded-lg border border-slate-800 p-3 text-sm">
                  <Link href={`/admin/findings/${r.findingId}`} className="font-medium break-words hover:underline">
                    {r.title}
                  </Link>
                  <p className="text-xs text-muted">
                    {r.company} · {r.projectName} · {r.requestedByName}, {formatDateTime(r.requestedAt)}
                  </p>
                  <p className="mt-1 whitespace-pre-wrap break-words">{r.note}</p>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card className="space-y-3">
          <h2 className="font-semibold">Overdue ({queue.overdue.length})</h2>
          {queue.overdue.length === 0 ? (
            <p className="text-sm text-muted">Nothing is overdue.</p>
          ) : (
            <ul className="space-y-2">
              {queue.overdue.map((f) => (
                <li key={f.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-800 p-3 text-sm">
                  {/* At least 12rem before the badges wrap below, so a long title wraps by words. */}
                  <div className="min-w-0 flex-1 basis-48">
                    <Link href={`/admin/findings/${f.id}`} className="font-medium break-words hover:underline">
                      {f.title}
                    </Link>
                    <p className="text-xs text-muted">
                      {f.company} · {f.projectName} · due {formatDate(f.dueOn)}
                    </p>
                  </div>
                  <SeverityBadge severity={f.severity} score={f.cvssScoreTenths} />
                  <FindingStatusBadge status={f.status} />
                  <OverdueBadge />
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card className="space-y-3">
          <h2 className="font-semibold">Risk acceptances to acknowledge ({queue.risks.length})</h2>
          {queue.risks.length === 0 ? (
            <p className="text-sm text-muted">None waiting.</p>
          ) : (
            <ul className="space-y-2">
              {queue.risks.map((f) => (
                <li key={f.id} className="rounded-lg border border-slate-800 p-3 text-sm">
                  <Link href={`/admin/findings/${f.id}`} className="font-medium break-words hover:underline">
                    {f.title}
                  </Link>
                  <p className="text-xs text-muted">
                    {f.company} · until {formatDate(f.riskExpiresOn)}
                  </p>
                  <p className="mt-1 whitespace-pre-wrap break-words">{f.riskReason}</p>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}
