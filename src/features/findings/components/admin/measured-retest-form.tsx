"use client";

import { useId } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { recordRetestResultAction } from "@/features/findings/actions/admin";
import { Field, fieldAria, Textarea } from "@/components/ui/field";
import { SubmitRow } from "@/components/ui/submit-row";
import type { Notify } from "@/components/ui/use-change";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { FINDING_STATUS_LABELS } from "@/lib/domain/finding";
import { measuredRetestVerdict, percent, upperBoundText } from "@/lib/domain/finding-measurement";
import { retestResultSchema } from "@/features/findings/validation";
import { MeasurementField, type MeasuredModel } from "./measurement-form";

/** What an AI finding's retest form needs: the firm's minimum trials and the latest measurement. */
export type MeasuredRetest = {
  minTrials: number;
  lastModel: MeasuredModel | null;
  latest: { successes: number; trials: number } | null;
};

const count = (value: unknown): number | null => {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : null;
};

/**
 * An AI finding's retest result (docs/PRODUCT.md#measured-ai-findings): the trials, successes and
 * model version tried; the result follows from them, shown before it is recorded. The server
 * decides again and refuses a Verified Fixed the trials cannot support, saying why.
 */
export function MeasuredRetestForm({ findingId, measured, notify }: { findingId: string; measured: MeasuredRetest; notify: Notify }) {
  const noteId = useId();
  const form = useZodForm(retestResultSchema, {
    findingId,
    note: "",
    trials: "",
    successes: "",
    provider: measured.lastModel?.provider ?? "",
    modelId: measured.lastModel?.modelId ?? "",
    modelVersion: "",
  });
  const { errors } = form.formState;
  const { onSubmit, isBusy } = useFormSubmit(form, recordRetestResultAction, { notify, done: () => "Retest result recorded" });
  const trials = count(form.watch("trials"));
  const successes = count(form.watch("successes"));
  const verdict =
    trials !== null && successes !== null && trials > 0 && successes <= trials
      ? measuredRetestVerdict({ successes, trials, minTrials: measured.minTrials, previous: measured.latest })
      : null;
  const f = form as unknown as UseFormReturn<FieldValues, unknown, unknown>;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-lg border border-slate-800 p-4" aria-label="Record the retest result">
      <h2 className="font-semibold">Record the retest result</h2>
      <p className="text-sm text-muted">
        Verified Fixed needs no success in at least {measured.minTrials.toLocaleString("en-US")} trials (then the rate is below{" "}
        {upperBoundText(measured.minTrials)} at 95%).{" "}
        {measured.latest
          ? `With successes, the result is Reduced when the rate is below the latest measurement's ${percent(measured.latest.successes / measured.latest.trials)}, else Still Open.`
          : "With successes, the result is Still Open."}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <MeasurementField form={f} name="trials" label="Trials" numeric />
        <MeasurementField form={f} name="successes" label="Successes" numeric />
        <MeasurementField form={f} name="provider" label="Provider (optional)" />
        <MeasurementField form={f} name="modelId" label="Model (optional)" />
        <MeasurementField form={f} name="modelVersion" label="Model version tried" hint="As the provider names it, or the date." />
      </div>
      <p className="text-sm" aria-live="polite" data-testid="retest-verdict">
        {verdict === null
          ? null
          : verdict.ok
            ? `These counts record: ${FINDING_STATUS_LABELS[verdict.result]}.`
            : `Cannot be Verified Fixed yet. ${verdict.message}`}
      </p>
      <Field id={noteId} label="Note (optional)" error={errors.note?.message}>
        <Textarea rows={2} {...fieldAria(noteId, errors.note?.message)} {...form.register("note")} />
      </Field>
      <SubmitRow busy={isBusy} label="Record result" busyLabel="Saving..." />
    </form>
  );
}
