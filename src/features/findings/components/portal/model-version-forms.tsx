"use client";

import { useId } from "react";
import { requestRetestAction } from "@/features/findings/actions/portal";
import { recordModelVersionAction } from "@/features/measurements/actions/portal";
import { Alert } from "@/components/ui/alert";
import { Field, fieldAria, Input, Textarea } from "@/components/ui/field";
import { SubmitRow } from "@/components/ui/submit-row";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";

/**
 * The client says which version of the finding's model it runs now (docs/PRODUCT.md#measured-ai-findings).
 * The target (provider and model) is the finding's; the record is the engagement's, for every
 * finding measured on it.
 */
export function ModelVersionForm({
  projectId,
  provider,
  modelId,
  current,
}: {
  projectId: string;
  provider: string | null;
  modelId: string;
  current: string | null;
}) {
  const id = useId();
  const form = useZodForm(() => import("@/features/measurements/validation").then((m) => m.modelVersionSchema), {
    projectId,
    provider,
    modelId,
    modelVersion: current ?? "",
  });
  const error = form.formState.errors.modelVersion?.message;
  const { onSubmit, message, isBusy } = useFormSubmit(form, recordModelVersionAction, {
    done: (data) => (data.changed ? `Recorded: you run ${modelId} ${data.record.modelVersion}` : "That version is already recorded"),
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Record the version you run now">
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <Field id={id} label={`Version of ${modelId} you run now`} error={error}>
        <Input autoComplete="off" {...fieldAria(id, error)} {...form.register("modelVersion")} />
      </Field>
      <SubmitRow busy={isBusy} label="Record version" busyLabel="Recording..." />
    </form>
  );
}

/** A retest of a Verified Fixed finding on the version the client runs now: the usual request, its note suggested. */
export function RetestOnVersionForm({ findingId, suggestedNote }: { findingId: string; suggestedNote: string }) {
  const id = useId();
  const form = useZodForm(() => import("@/features/findings/validation").then((m) => m.requestRetestSchema), {
    findingId,
    note: suggestedNote,
  });
  const error = form.formState.errors.note?.message;
  const { onSubmit, message, isBusy } = useFormSubmit(form, requestRetestAction, { done: () => "Retest requested" });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Request a retest on the version you run now">
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <Field id={id} label="Note for the retest" error={error}>
        <Textarea rows={2} {...fieldAria(id, error)} {...form.register("note")} />
      </Field>
      <SubmitRow busy={isBusy} label="Request retest" busyLabel="Requesting..." />
    </form>
  );
}
