"use client";

import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Field, fieldAria, FileInput, Input } from "@/components/ui/field";
import { SubmitRow } from "@/components/ui/submit-row";
import { routeChange, useChange } from "@/components/ui/use-change";
import { useZodForm } from "@/components/ui/use-zod-form";
import { apiFetch } from "@/lib/api-client";
import { FINDING_STATUS_LABELS, type FindingStatus } from "@/lib/domain/finding";
import { RUN_FILE_MAX_BYTES } from "@/features/measurements/validation";

type RunAnswer = { status: FindingStatus; regressed: boolean; rate: string };

/**
 * An owner records a run of the reproducer by uploading promptfoo's results file (the way in
 * without an API token, docs/PRODUCT.md#measured-ai-findings): the version it tried, then the file;
 * the counts are read from the file on the server. The page reloads with the run in the history and,
 * when the attack landed on a fixed finding, the finding Regressed.
 */
export function RunUpload({ findingId, currentVersion }: { findingId: string; currentVersion: string | null }) {
  const versionId = useId();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const { isBusy, run } = useChange<"run">((text, tone) => setMessage({ tone, text }));
  const form = useZodForm(() => import("@/features/measurements/validation").then((m) => m.runUploadSchema), {
    modelVersion: currentVersion ?? "",
  });
  const versionError = form.formState.errors.modelVersion?.message;

  const onSubmit = form.handleSubmit(({ modelVersion }) => {
    setMessage(null);
    if (!file) return setFileError("Choose the results file of your run");
    if (file.size > RUN_FILE_MAX_BYTES) return setFileError(`The results file is over ${RUN_FILE_MAX_BYTES / 1024 / 1024} MB`);
    setFileError(null);
    const body = new FormData();
    // The version first: the server reads the fields before it counts the file.
    body.set("modelVersion", modelVersion);
    body.set("file", file);
    run(
      "run",
      () => routeChange(apiFetch<RunAnswer>(`/api/client/findings/${encodeURIComponent(findingId)}/runs`, { method: "POST", body })),
      {
        done: (answer) =>
          answer.regressed
            ? `Run recorded: ${answer.rate}. The attack landed again: the finding is ${FINDING_STATUS_LABELS.regressed}, and we have been told.`
            : `Run recorded: ${answer.rate}.`,
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Record a run of the reproducer">
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <Field id={versionId} label="Model version the run tried" error={versionError}>
        <Input autoComplete="off" {...fieldAria(versionId, versionError)} {...form.register("modelVersion")} />
      </Field>
      <Field id={fileId} label="Results file (promptfoo eval -o results.json)" error={fileError ?? undefined}>
        <FileInput
          accept=".json,application/json"
          {...fieldAria(fileId, fileError ?? undefined)}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setFileError(null);
          }}
        />
      </Field>
      <SubmitRow busy={isBusy} label="Record run" busyLabel="Recording..." />
    </form>
  );
}
