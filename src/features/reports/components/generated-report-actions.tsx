"use client";

import { FileDown } from "lucide-react";
import { useState } from "react";
import { publishGeneratedReportAction } from "@/features/reports/actions/admin";
import { Button, buttonClasses } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Toast, useToast } from "@/components/ui/toast";
import { EMPTY_REPORT_UNCONFIRMED, GENERATED_REPORT_TITLE } from "@/features/reports/validation/report-texts";

/**
 * The report generated from an engagement's published findings (docs/PRODUCT.md#admin-findings):
 * download it in Word or PDF, or publish the PDF to the vault as the next version, after a
 * confirmation naming that version; when no finding is published the server says so and the
 * dialog asks again, for the empty report (it would tell the client nothing). Downloads are plain links to the route, which sends the file.
 */
export function GeneratedReportActions({
  projectId,
  nextVersion,
  onPublished,
}: {
  projectId: string;
  nextVersion: number;
  onPublished?: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  // The server found no published finding: the same dialog now asks for the empty report.
  const [empty, setEmpty] = useState(false);
  const { toast, show } = useToast();
  const href = (format: "docx" | "pdf") => `/api/admin/reports/generated?projectId=${encodeURIComponent(projectId)}&format=${format}`;
  return (
    <div className="space-y-2">
      <p className="text-sm text-muted">From the published findings only; drafts are left out.</p>
      <div className="flex flex-wrap gap-2">
        <a href={href("docx")} download className={buttonClasses("secondary", "sm")}>
          <FileDown className="h-4 w-4" aria-hidden />
          Download Word report
        </a>
        <a href={href("pdf")} download className={buttonClasses("secondary", "sm")}>
          <FileDown className="h-4 w-4" aria-hidden />
          Download PDF report
        </a>
        <Button
          size="sm"
          onClick={() => {
            setEmpty(false);
            setConfirming(true);
          }}
        >
          Publish PDF to the vault
        </Button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={empty ? `Publish version ${nextVersion} without findings?` : `Publish version ${nextVersion}?`}
          description={`The PDF becomes version ${nextVersion} of "${GENERATED_REPORT_TITLE}" in the engagement's vault${
            nextVersion > 1 ? `, replacing version ${nextVersion - 1}` : ""
          }. The client's people can download it at once, each copy stamped with their name.`}
          confirmLabel={empty ? "Publish the empty report" : `Publish version ${nextVersion}`}
          busyLabel="Publishing..."
          send={async () => {
            const result = await publishGeneratedReportAction({ projectId, empty });
            if (!result.success && result.error === EMPTY_REPORT_UNCONFIRMED) setEmpty(true);
            return result;
          }}
          onClose={() => setConfirming(false)}
          onDone={() => {
            show(`Published version ${nextVersion} to the vault.`, 4000);
            onPublished?.();
          }}
        />
      ) : null}
      <Toast toast={toast} />
    </div>
  );
}
