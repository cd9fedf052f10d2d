"use client";

import { useId } from "react";
import { setRerunScheduleAction, setRerunScheduleAdminAction } from "@/features/measurements/actions/reruns";
import { Alert } from "@/components/ui/alert";
import { Field, fieldAria, Input, Select } from "@/components/ui/field";
import { SubmitRow } from "@/components/ui/submit-row";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { RERUN_CADENCE_LABELS, RERUN_CADENCES } from "@/lib/domain/rerun";

/**
 * Sets how often a target's reproducers are re-run (docs/PRODUCT.md#measured-ai-findings): the
 * firm's page and an owner's portal page; setting a target's schedule again changes it.
 */
export function RerunScheduleForm({ projectId, side, modelId }: { projectId: string; side: "admin" | "portal"; modelId: string }) {
  const id = useId();
  const form = useZodForm(() => import("@/features/measurements/validation").then((m) => m.rerunScheduleSchema), {
    projectId,
    provider: "",
    modelId,
    cadence: "weekly",
  });
  const errors = form.formState.errors;
  const { onSubmit, message, isBusy } = useFormSubmit(form, side === "admin" ? setRerunScheduleAdminAction : setRerunScheduleAction, {
    done: () => "Schedule saved",
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-3" aria-label="Set a re-run schedule">
      {message ? (
        <div className="sm:col-span-3">
          <Alert tone={message.tone}>{message.text}</Alert>
        </div>
      ) : null}
      <Field id={`${id}-model`} label="Model" error={errors.modelId?.message}>
        <Input autoComplete="off" {...fieldAria(`${id}-model`, errors.modelId?.message)} {...form.register("modelId")} />
      </Field>
      <Field id={`${id}-provider`} label="Provider (optional)" error={errors.provider?.message}>
        <Input autoComplete="off" {...fieldAria(`${id}-provider`, errors.provider?.message)} {...form.register("provider")} />
      </Field>
      <Field id={`${id}-cadence`} label="Runs" error={errors.cadence?.message}>
        <Select {...fieldAria(`${id}-cadence`, errors.cadence?.message)} {...form.register("cadence")}>
          {RERUN_CADENCES.map((cadence) => (
            <option key={cadence} value={cadence}>
              {RERUN_CADENCE_LABELS[cadence]}
            </option>
          ))}
        </Select>
      </Field>
      <div className="sm:col-span-3">
        <SubmitRow busy={isBusy} label="Save schedule" busyLabel="Saving..." />
      </div>
    </form>
  );
}
