"use client";

import { FileInput } from "@/components/ui/field";
import { FileText } from "lucide-react";
import { useId, useRef } from "react";
import { resetReportTemplateAction } from "@/features/reports/actions/admin";
import { DashboardCard } from "@/components/admin/dashboard-card";
import { Button, buttonClasses } from "@/components/ui/button";
import { Toast, useToast } from "@/components/ui/toast";
import { routeChange, useChange } from "@/components/ui/use-change";
import { apiFetch } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import type { ReportTemplateInfo } from "@/features/reports/server";

const TAGS =
  "{firmName} {clientName} {engagementName} {startDate} {endDate} {authorizedWindow} {generatedOn} {summary} {criticalCount} {highCount} {mediumCount} {lowCount} {informationalCount} {totalCount}, and per finding inside {#findings}…{/findings}: {title} {severity} {cvssScore} {status} {assets} {description} {remediation} {references} {evidence} {retestStatus}, and {hasDescription} {hasRemediation} {hasReferences} to leave out an empty section";

/**
 * Settings → Report template (docs/PRODUCT.md#admin-settings): the Word template generated reports
 * are filled from. The firm downloads the current one, edits it in Word and uploads it; the server
 * tries it on a sample before keeping it, and a template it cannot fill is refused with the reason.
 */
export function ReportTemplateCard({ template }: { template: ReportTemplateInfo }) {
  const { toast, show } = useToast();
  const { isBusy, running, run } = useChange<"upload" | "reset">((message, tone) => show(message, tone === "error" ? 8000 : 5000, tone));
  const fileRef = useRef<HTMLInputElement>(null);
  const fileId = useId();

  const upload = () => {
    const file = fileRef.current?.files?.[0];
    const form = new FormData();
    if (file) form.set("file", file);
    run("upload", () => routeChange(apiFetch("/api/admin/settings/report-template", { method: "POST", body: form })), {
      done: () => {
        if (fileRef.current) fileRef.current.value = "";
        return "Template saved: Word reports use it from now on.";
      },
    });
  };

  return (
    <DashboardCard headingId="settings-report-template" icon={FileText} title="Report template">
      <div className="mt-4 space-y-4 text-sm">
        <p>
          {template ? `In use: ${template.name}, uploaded ${formatDateTime(template.uploadedAt)}.` : "In use: the default template."}{" "}
          <a href="/api/admin/settings/report-template" download className="text-accent underline">
            Download the current template
          </a>
        </p>
        <p className="break-words text-muted">Its fields: {TAGS}.</p>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            upload();
          }}
        >
          <div>
            <label htmlFor={fileId} className="mb-1 block font-medium">
              Word template (.docx)
            </label>
            <FileInput id={fileId} ref={fileRef} accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document" />
          </div>
          <Button type="submit" size="sm" disabled={isBusy}>
            {running === "upload" ? "Checking..." : "Upload template"}
          </Button>
          {template ? (
            <button
              type="button"
              className={buttonClasses("secondary", "sm")}
              disabled={isBusy}
              onClick={() =>
                run("reset", () => resetReportTemplateAction({}), { done: () => "Word reports use the default template again." })
              }
            >
              {running === "reset" ? "Resetting..." : "Reset to the default template"}
            </button>
          ) : null}
        </form>
      </div>
      <Toast toast={toast} />
    </DashboardCard>
  );
}
