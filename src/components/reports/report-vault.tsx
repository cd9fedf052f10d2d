"use client";

import { FileLock2, KeyRound } from "lucide-react";
import { useCallback, useEffect, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/field";
import { Loading } from "@/components/ui/spinner";
import { routeChange, useChange } from "@/components/ui/use-change";
import { apiErrorOf, apiFetch } from "@/lib/api-client";
import { formatDate, formatDateTime, formatFileSize } from "@/lib/format";
import type { PortalReport } from "@/server/modules/reports";

type Download = { downloadUrl: string; filename: string };

/** Fetches the stamped copy behind the link and saves it (a blob behind a temporary <a download>). */
async function saveCopy({ downloadUrl, filename }: Download): Promise<void> {
  const file = await fetch(downloadUrl, { cache: "no-store" });
  if (!file.ok) throw await apiErrorOf(file);
  const url = URL.createObjectURL(await file.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The engagement reports of the company (docs/PRODUCT.md#portal-reports): each download asks for a
 * fresh code from the authenticator app when the person has two-factor (in place, under the
 * report) and saves a copy stamped with the person's name; owners see who downloaded each report.
 */
export function ReportVault() {
  const [reports, setReports] = useState<PortalReport[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const codeId = useId();
  const { busy, run } = useChange((text) => setMessage(text));

  // Bumped to read the list again after a change.
  const [version, setVersion] = useState(0);
  const load = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    let current = true;
    apiFetch<{ reports: PortalReport[] }>("/api/client/reports", { cache: "no-store" })
      .then((body) => current && setReports(body.reports))
      .catch(() => {
        if (!current) return;
        setReports([]);
        setMessage("The reports could not be loaded. Please reload the page.");
      });
    return () => {
      current = false;
    };
  }, [version]);

  const download = (report: PortalReport, withCode?: string) => {
    setMessage(null);
    setCodeError(null);
    run(
      report.id,
      () =>
        routeChange(
          (async () => {
            const link = await apiFetch<Download>(`/api/client/reports/${encodeURIComponent(report.id)}/download`, {
              method: "POST",
              json: withCode ? { code: withCode } : {},
            });
            await saveCopy(link);
            return link;
          })(),
        ),
      {
        refresh: false,
        done: () => {
          setAsking(null);
          setCode("");
          load();
        },
        refused: (refusal) => {
          if (!refusal.fieldErrors?.code) return false;
          setAsking(report.id);
          if (withCode) setCodeError(refusal.fieldErrors.code);
          return true;
        },
      },
    );
  };

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
                    {report.engagement} · {formatFileSize(report.fileSize)} · published {formatDate(report.publishedAt)}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  id={`report-download-${report.id}`}
                  aria-labelledby={`report-download-${report.id} report-${report.id}`}
                  disabled={busy === report.id}
                  onClick={() => download(report)}
                >
                  {busy === report.id ? "Preparing..." : "Download"}
                </Button>
              </div>
              {asking === report.id ? (
                <form
                  className="mt-3 flex flex-wrap items-end gap-2"
                  onSubmit={(event) => {
                    event.preventDefault();
                    download(report, code);
                  }}
                >
                  <div className="w-40">
                    <label htmlFor={codeId} className="mb-1 flex items-center gap-1 text-sm font-medium">
                      <KeyRound className="h-4 w-4" aria-hidden /> Authentication code
                    </label>
                    <Input
                      id={codeId}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      autoFocus
                      maxLength={6}
                      value={code}
                      onChange={(event) => setCode(event.target.value)}
                      aria-invalid={codeError ? true : undefined}
                      aria-describedby={`${codeId}-hint`}
                    />
                  </div>
                  <Button type="submit" size="sm" disabled={busy === report.id}>
                    Confirm and download
                  </Button>
                  <p
                    id={`${codeId}-hint`}
                    className={`w-full text-xs ${codeError ? "text-red-400" : "text-muted"}`}
                    role={codeError ? "alert" : undefined}
                  >
                    {codeError ?? "Enter the 6-digit code from your authenticator app to confirm it is you."}
                  </p>
                </form>
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
