"use client";

import { FileLock2 } from "lucide-react";
import { useCallback, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Loading } from "@/components/ui/spinner";
import { useChange } from "@/components/ui/use-change";
import { useReadOnShow } from "@/components/ui/use-read-on-show";
import { apiFetch } from "@/lib/api-client";
import { formatDate, formatDateTime, formatFileSize } from "@/lib/format";
import type { PortalReport } from "@/features/reports/server";
import { FreshFactorPrompt } from "@/features/identity/components/fresh-factor-prompt";
import { downloadKey, useReportDownload } from "./use-report-download";

const LOAD_FAILED = "The reports could not be loaded. Please reload the page.";

/**
 * The engagement reports of the company (docs/PRODUCT.md#portal-reports): each download asks for a
 * fresh second factor when the person has two-factor (in place, under the report: a code from the
 * authenticator app, or "Use your passkey", whichever the person has) and saves a copy stamped with
 * the person's name; owners see who downloaded each report.
 */
export function ReportVault() {
  const [message, setMessage] = useState<string | null>(null);
  const { running, run } = useChange<string>((text) => setMessage(text));
  // Read when shown, and again after a download (its record is in the list).
  // A failed read says so where the downloads do (the list then shows as empty).
  const { data, error, reload } = useReadOnShow(
    "",
    async () => {
      try {
        return { success: true, data: (await apiFetch<{ reports: PortalReport[] }>("/api/client/reports", { cache: "no-store" })).reports };
      } catch (failure) {
        setMessage(LOAD_FAILED);
        throw failure;
      }
    },
    LOAD_FAILED,
  );
  const reports = data ?? (error ? [] : null);
  const load = useCallback(() => void reload(), [reload]);
  const { asking, proofError, download } = useReportDownload(run, {
    urlOf: (id) => `/api/client/reports/${encodeURIComponent(id)}/download`,
    done: load,
  });

  return (
    <Card className="mb-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <FileLock2 className="h-5 w-5 text-accent" aria-hidden />
        Engagement reports
      </h2>
      <p className="mt-1 text-sm text-muted">Each download is a copy marked with your name, e-mail and the time, and is recorded.</p>
      {message ? (
        <Alert tone="error" className="mt-3">
          {message}
        </Alert>
      ) : null}
      {reports === null ? (
        <Loading label="Loading reports" />
      ) : reports.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No reports have been published yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-800">
          {reports.map((report) => (
            <li key={report.id} className="py-3">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h3 id={`report-${report.id}`} className="break-words font-semibold">
                    {report.title} <span className="text-xs font-normal text-muted">v{report.version}</span>
                  </h3>
                  <p className="text-xs text-muted">
                    {report.engagement ?? "Company report"} · {formatFileSize(report.fileSize)} · published {formatDate(report.publishedAt)}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  id={`report-download-${report.id}`}
                  aria-labelledby={`report-download-${report.id} report-${report.id}`}
                  disabled={running === downloadKey(report.id)}
                  onClick={() => {
                    setMessage(null);
                    download(report.id);
                  }}
                >
                  {running === downloadKey(report.id) ? "Preparing..." : "Download"}
                </Button>
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
              {report.downloads ? <ReportDownloads downloads={report.downloads} /> : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Who downloaded the report and when: owners only (docs/PRODUCT.md#portal-reports). */
function ReportDownloads({ downloads }: { downloads: NonNullable<PortalReport["downloads"]> }) {
  if (downloads.length === 0) return <p className="mt-2 text-xs text-muted">Not downloaded yet</p>;
  return (
    <details className="mt-2 text-xs">
      <summary className="cursor-pointer text-muted hover:text-foreground">
        Download history ({downloads.length === 1 ? "once" : `${downloads.length} times`})
      </summary>
      <ul className="mt-2 space-y-1">
        {downloads.map((d) => (
          <li key={d.id}>
            {d.personName}
            {d.side === "firm" ? " (our team)" : ""} · {formatDateTime(d.downloadedAt)} · <span className="font-mono">{d.id}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
