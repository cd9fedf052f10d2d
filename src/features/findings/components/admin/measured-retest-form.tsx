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
import {
  comparisonSentence,
  judgeLabel,
  measuredRetestVerdict,
  percent,
  type RetestJudge,
  upperBoundText,
} from "@/lib/domain/finding-measurement";
import type { JudgeConfusion } from "@/lib/domain/judge-accuracy";
import { MeasurementField, type MeasuredModel } from "./measurement-form";

/** The judge of the firm's latest measurement, to start from, and its latest validation. */
export type MeasuredJudge = {
  judgeName: string | null;
  judgeVersion: string | null;
  judgeModel: string | null;
  judgeRubricVersion: string | null;
  validation: JudgeConfusion | null;
};

/** What an AI finding's retest form needs: the firm's minimum trials and its latest measurement. */
export type MeasuredRetest = {
  minTrials: number;
  lastModel: MeasuredModel | null;
  latest: { successes: number; trials: number } | null;
  lastJudge: MeasuredJudge | null;
};

const line = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

/** The judge the form names now, with the validation the page knows of when it is the last one's. */
function judgeNamed(values: Record<string, unknown>, last: MeasuredJudge | null): RetestJudge {
  const judge = {
    judgeName: line(values.judgeName),
    judgeVersion: line(values.judgeVersion),
    judgeModel: line(values.judgeModel),
    judgeRubricVersion: line(values.judgeRubricVersion),
  };
  const sameAsLast =
    last !== null &&
    judge.judgeName === last.judgeName &&
    judge.judgeVersion === last.judgeVersion &&
    judge.judgeModel === last.judgeModel &&
    judge.judgeRubricVersion === last.judgeRubricVersion;
  const sample = count(values.reviewSample);
  const found = count(values.reviewFound);
  const reviewer = line(values.reviewerName);
  return {
    label: judgeLabel(judge),
    validation: sameAsLast ? last.validation : null,
    review: sample && found !== null && reviewer ? { sample, found, reviewer } : null,
  };
}

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
  const form = useZodForm(() => import("@/features/findings/validation").then((m) => m.retestResultSchema), {
    findingId,
    note: "",
    trials: "",
    successes: "",
    provider: measured.lastModel?.provider ?? "",
    modelId: measured.lastModel?.modelId ?? "",
    modelVersion: "",
    judgeName: measured.lastJudge?.judgeName ?? "",
    judgeVersion: measured.lastJudge?.judgeVersion ?? "",
    judgeModel: measured.lastJudge?.judgeModel ?? "",
    judgeRubricVersion: measured.lastJudge?.judgeRubricVersion ?? "",
    reviewSample: "",
    reviewFound: "",
    reviewerName: "",
  });
  const { errors } = form.formState;
  const { onSubmit, isBusy } = useFormSubmit(form, recordRetestResultAction, { notify, done: () => "Retest result recorded" });
  const trials = count(form.watch("trials"));
  const successes = count(form.watch("successes"));
  const values = form.watch();
  const verdict =
    trials !== null && successes !== null && trials > 0 && successes <= trials
      ? measuredRetestVerdict({
          successes,
          trials,
          minTrials: measured.minTrials,
          previous: measured.latest,
          judge: judgeNamed(values, measured.lastJudge),
        })
      : null;
  const f = form as unknown as UseFormReturn<FieldValues, unknown, unknown>;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-lg border border-slate-800 p-4" aria-label="Record the retest result">
      <h2 className="font-semibold">Record the retest result</h2>
      <p className="text-sm text-muted">
        Verified Fixed needs no success in at least {measured.minTrials.toLocaleString("en-US")} trials (then the rate is below{" "}
        {upperBoundText(measured.minTrials)} at 95%), and either a validated judge whose corrected upper bound stays under that, or a
        person&apos;s review of a stated sample of the outputs.{" "}
        {measured.latest
          ? `With successes, the result is Reduced only when the 95% interval of the difference from the firm's latest ${percent(measured.latest.successes / measured.latest.trials)} is wholly below 0, else Still Open.`
          : "With successes, the result is Still Open."}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <MeasurementField form={f} name="trials" label="Trials" numeric />
        <MeasurementField form={f} name="successes" label="Successes" numeric />
        <MeasurementField form={f} name="provider" label="Provider (optional)" />
        <MeasurementField form={f} name="modelId" label="Model (optional)" />
        <MeasurementField form={f} name="modelVersion" label="Model version tried" hint="As the provider names it, or the date." />
        <MeasurementField form={f} name="judgeName" label="Judge" hint="The detector or grader that called each trial." />
        <MeasurementField form={f} name="judgeVersion" label="Judge version (optional)" />
        <MeasurementField form={f} name="judgeModel" label="Judge model (LLM judge, optional)" />
        <MeasurementField form={f} name="judgeRubricVersion" label="Rubric version (LLM judge, optional)" />
      </div>
      <fieldset className="grid gap-3 rounded-lg border border-slate-800 p-3 sm:grid-cols-3">
        <legend className="px-1 text-sm font-medium">A person&apos;s review of the outputs (optional)</legend>
        <MeasurementField form={f} name="reviewSample" label="Outputs reviewed" numeric />
        <MeasurementField form={f} name="reviewFound" label="Successes found" numeric />
        <MeasurementField form={f} name="reviewerName" label="Reviewer" />
      </fieldset>
      <p className="text-sm" aria-live="polite" data-testid="retest-verdict">
        {verdict === null
          ? null
          : verdict.ok
            ? `These counts record: ${FINDING_STATUS_LABELS[verdict.result]}.${verdict.comparison ? ` ${comparisonSentence(verdict.comparison)}.` : ""}`
            : verdict.message.startsWith("Not shown fixed")
              ? verdict.message
              : `Cannot be Verified Fixed yet. ${verdict.message}`}
      </p>
      <Field id={noteId} label="Note (optional)" error={errors.note?.message}>
        <Textarea rows={2} {...fieldAria(noteId, errors.note?.message)} {...form.register("note")} />
      </Field>
      <SubmitRow busy={isBusy} label="Record result" busyLabel="Saving..." />
    </form>
  );
}
