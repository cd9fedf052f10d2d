"use client";

import { useId } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { addFindingMeasurementAction } from "@/features/findings/actions/admin";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { SubmitRow } from "@/components/ui/submit-row";
import type { Notify } from "@/components/ui/use-change";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";

/** The model last measured, to start the next measurement from. */
export type MeasuredModel = { provider: string | null; modelId: string | null; modelVersion: string | null };

/** One text or number field of a measurement form, labelled and wired to its error. */
export function MeasurementField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  numeric,
  className,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  name: Path<T>;
  label: string;
  hint?: string;
  numeric?: boolean;
  className?: string;
}) {
  const id = useId();
  const error = form.formState.errors[name]?.message as string | undefined;
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <Input
        {...fieldAria(id, error)}
        {...form.register(name)}
        inputMode={numeric ? "numeric" : undefined}
        autoComplete="off"
        spellCheck={false}
      />
    </Field>
  );
}

/**
 * The firm records a run of the attack by hand (docs/PRODUCT.md#measured-ai-findings): trials,
 * successes, the model and version, the attack, and hashes of the configuration tested.
 */
export function MeasurementForm({ findingId, lastModel, notify }: { findingId: string; lastModel: MeasuredModel | null; notify: Notify }) {
  const form = useZodForm(() => import("@/features/measurements/validation").then((m) => m.measurementSchema), {
    findingId,
    trials: "",
    successes: "",
    provider: lastModel?.provider ?? "",
    modelId: lastModel?.modelId ?? "",
    modelVersion: lastModel?.modelVersion ?? "",
    probe: "",
    detector: "",
    judgeName: "",
    judgeVersion: "",
    judgeModel: "",
    judgeRubricVersion: "",
    systemPromptSha256: "",
    toolManifestSha256: "",
    guardrailConfigSha256: "",
    measuredOn: "",
  });
  const { onSubmit, isBusy } = useFormSubmit(form, addFindingMeasurementAction, {
    notify,
    done: () => {
      form.reset({ ...form.getValues(), trials: "", successes: "" });
      return "Measurement recorded";
    },
  });
  const f = form as unknown as UseFormReturn<FieldValues, unknown, unknown>;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Record a measurement">
      <div className="grid gap-3 sm:grid-cols-2">
        <MeasurementField form={f} name="trials" label="Trials" numeric hint="How many times the attack was tried." />
        <MeasurementField form={f} name="successes" label="Successes" numeric hint="How many of them succeeded." />
        <MeasurementField form={f} name="provider" label="Provider (optional)" />
        <MeasurementField form={f} name="modelId" label="Model (optional)" />
        <MeasurementField form={f} name="modelVersion" label="Model version or date (optional)" />
        <MeasurementField form={f} name="measuredOn" label="Measured on (optional)" hint="YYYY-MM-DD; today when left empty." />
        <MeasurementField form={f} name="probe" label="Probe or technique (optional)" />
        <MeasurementField form={f} name="detector" label="Detector (optional)" />
        <MeasurementField form={f} name="judgeName" label="Judge (optional)" hint="The grader, when not the detector." />
        <MeasurementField form={f} name="judgeVersion" label="Judge version (optional)" />
        <MeasurementField form={f} name="judgeModel" label="Judge model (LLM judge, optional)" />
        <MeasurementField form={f} name="judgeRubricVersion" label="Rubric version (LLM judge, optional)" />
        <MeasurementField form={f} name="systemPromptSha256" label="System prompt SHA-256 (optional)" className="sm:col-span-2" />
        <MeasurementField form={f} name="toolManifestSha256" label="Tool manifest SHA-256 (optional)" className="sm:col-span-2" />
        <MeasurementField
          form={f}
          name="guardrailConfigSha256"
          label="Guardrail configuration SHA-256 (optional)"
          className="sm:col-span-2"
        />
      </div>
      <p className="text-xs text-muted">Only hashes are kept: never paste the prompt, manifest or configuration itself.</p>
      <SubmitRow busy={isBusy} label="Record measurement" busyLabel="Saving..." />
    </form>
  );
}
