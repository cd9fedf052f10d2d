"use client";

import { FileLock2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { revokeReportAction } from "@/features/reports/actions/admin";
import { GENERATED_REPORT_TITLE } from "@/features/reports/validation/report-texts";
import { RowDialog, type RowDialogTools } from "@/components/admin/row-dialog";
import { RowDialogButton } from "@/components/admin/row-dialog-button";
import { Button } from "@/components/ui/button";
import { FileInput, Input } from "@/components/ui/field";
import { Loading } from "@/components/ui/spinner";
import { routeChange, useChange } from "@/components/ui/use-change";
import { apiFetch } from "@/lib/api-client";
import { formatDateTime, formatFileSize } from "@/lib/format";
import type { AdminReportRow } from "@/features/reports/server";
import { FreshFactorPrompt } from "@/features/identity/components/fresh-factor-prompt";
import { GeneratedReportActions } from "./generated-report-actions";
import { downloadKey, useReportDownload } from "./use-report-download";

/**
 * An engagement's report vault for the admin (docs/PRODUCT.md#admin-reports): its button on the
 * client page (the projects table opens the dialog from its row menu) and its dialog: publish a report (a new title, or a new version of one), generate
 * one from the published findings (Word, PDF, or the PDF published as the next version), see each
 * version's downloads, download the current one (stamped for the admin, after a fresh second
 * factor, in the company's access log), revoke one.
 */
export function ProjectReportsButton({ project }: { project: { id: string; projectName: string } }) {
  return (
    <RowDialogButton
      label={`Reports of ${project.projectName}`}
      text="Reports"
      icon={<FileLock2 className="h-4 w-4" aria-hidden />}
      dialog={(close) => <ProjectReportsDialog project={project} onClose={close} />}
    />
  );
}

const LOAD_FAILED = "The reports could not be loaded.";

export function ProjectReportsDialog({ project, onClose }: { project: { id: string; projectName: string }; onClose: () => void }) {
  // The publish form shows at once; the list under it once read (a failed read lists none).
  return (
    <RowDialog
      title={`Reports of ${project.projectName}`}
      url={`/api/admin/reports?projectId=${encodeURIComponent(project.id)}`}
      pick={({ reports }: { reports: AdminReportRow[] }) => reports}
      loadFailed={LOAD_FAILED}
      onClose={onClose}
    >
      {(data, tools) => <ReportsPanel project={project} reports={data ?? (tools.failed ? [] : null)} tools={tools} />}
    </RowDialog>
  );
}

function ReportsPanel({
  project,
  reports,
  tools,
}: {
  project: { id: string; projectName: string };
  reports: AdminReportRow[] | null;
  tools: RowDialogTools;
}) {
  const [title, setTitle] = useState("");
  const fileRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const fileId = useId();
  const { running, run } = useChange<string>(tools.notify);
  const load = tools.reload;
  const { asking, proofError, download } = useReportDownload(run, {
    urlOf: (id) => `/api/admin/reports/${encodeURIComponent(id)}/download`,
    done: load,
  });

  const upload = () => {
    const file = fileRef.current?.files?.[0];
    tools.clear();
    const form = new FormData();
    form.set("projectId", project.id);
    form.set("title", title);
    if (file) form.set("file", file);
    run(
      "upload",
      () => routeChange(apiFetch<{ report: { version: number } }>("/api/admin/reports/upload", { method: "POST", body: form })),
      {
        refresh: false,
        done: ({ report }) => {
          setTitle("");
          if (fileRef.current) fileRef.current.value = "";
          load();
          return `Published version ${report.version}.`;
        },
      },
    );
  };

  const revoke = (report: AdminReportRow) =>
    run(report.id, () => revokeReportAction({ reportId: report.id }), {
      refresh: false,
      done: () => {
        load();
        return `Revoked ${report.title} v${report.version}: its downloads stop now.`;
      },
    });

  return (
    <>
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          upload();
        }}
      >
        <div>
          <label htmlFor={titleId} className="mb-1 block text-sm font-medium">
            Report title
          </label>
          <Input id={titleId} value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} />
          <p className="mt-1 text-xs text-muted">The same title publishes a new version and replaces the one before.</p>
        </div>
        <div>
          <label htmlFor={fileId} className="mb-1 block text-sm font-medium">
            PDF file
          </label>
          <FileInput id={fileId} ref={fileRef} accept="application/pdf,.pdf" />
        </div>
        <Button type="submit" disabled={running === "upload"}>
          {running === "upload" ? "Publishing..." : "Publish report"}
        </Button>
      </form>
      <h3 className="mt-6 font-semibold">Generated from the findings</h3>
      {reports === null ? null : (
        <GeneratedReportActions
          projectId={project.id}
          nextVersion={Math.max(0, ...reports.filter((r) => r.title === GENERATED_REPORT_TITLE).map((r) => r.version)) + 1}
          onPublished={load}
        />
      )}
      <h3 className="mt-6 font-semibold">Published</h3>
      {reports === null ? (
        <Loading label="Loading reports" />
      ) : reports.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No report yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-800 text-sm">
          {reports.map((report) => (
            <li key={report.id} className="py-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <p className="break-words font-medium">
                    {report.title} v{report.version}
                    <span className="ml-2 text-xs text-muted">
                      {report.revokedAt ? "Revoked" : report.supersededAt ? "Replaced" : "Available"}
                    </span>
                  </p>
                  <p className="text-xs text-muted">
                    {formatFileSize(report.fileSize)} · {formatDateTime(report.publishedAt)} · downloaded {report.downloadCount}×
                  </p>
                </div>
                {report.revokedAt || report.supersededAt ? null : (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={running === downloadKey(report.id)}
                      onClick={() => {
                        tools.clear();
                        download(report.id);
                      }}
                    >
                      {running === downloadKey(report.id) ? "Preparing..." : `Download v${report.version}`}
                    </Button>
                    <Button variant="secondary" size="sm" disabled={running === report.id} onClick={() => revoke(report)}>
                      {running === report.id ? "Revoking..." : `Revoke v${report.version}`}
                    </Button>
                  </div>
                )}
              </div>
              {asking?.reportId === report.id ? (
                <FreshFactorPrompt
                  ask={asking}
                  busy={running === downloadKey(report.id)}
                  error={proofError}
                  onCode={(code) => download(report.id, { code })}
                  onPassword={(password) => download(report.id, { password })}
                  onPasskey={() => download(report.id, { passkey: true })}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
