"use client";

import { useRouter } from "next/navigation";
import { type ChangeEvent, useId } from "react";
import { recordJudgeValidationAction } from "@/features/measurements/actions/judges";
import { Alert } from "@/components/ui/alert";
import { Field, fieldAria, FileInput, Input, Select, Textarea } from "@/components/ui/field";
import { SubmitRow } from "@/components/ui/submit-row";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { percent } from "@/lib/domain/finding-measurement";
import { JUDGE_SAMPLE_MAX_CHARS } from "@/features/measurements/validation";

/**
 * The firm records a validation of a judge (docs/PRODUCT.md#measured-ai-findings): the judge's
 * name, version, model and rubric, and a labelled sample, pasted or read from a CSV or JSONL file
 * in the browser (only the text is sent; the server keeps the counts and the file's SHA-256).
 */
export function JudgeValidationForm() {
  const router = useRouter();
  const fileId = useId();
  const form = useZodForm(() => import("@/features/measurements/validation").then((m) => m.judgeValidationSchema), {
    judgeName: "",
    judgeVersion: "",
    judgeModel: "",
    judgeRubricVersion: "",
    format: "csv",
    sample: "",
    note: "",
  });
  const { errors } = form.formState;
  const { onSubmit, message, isBusy, setMessage } = useFormSubmit(form, recordJudgeValidationAction, {
    done: (data) => {
      form.reset();
      router.refresh();
      return `Validation recorded: ${data.items.toLocaleString("en-US")} items, sensitivity ${percent(data.sensitivity)}, specificity ${percent(data.specificity)}, κ ${data.kappa.toFixed(2)}.`;
    },
  });
  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > JUDGE_SAMPLE_MAX_CHARS) {
      setMessage({ tone: "error", text: "The file is larger than 200 KB: keep only the human and judge columns." });
      return;
    }
    form.setValue("format", /\.jsonl?$/i.test(file.name) ? "jsonl" : "csv");
    form.setValue("sample", await file.text(), { shouldValidate: true });
  };
  const field = (name: "judgeName" | "judgeVersion" | "judgeModel" | "judgeRubricVersion", label: string, hint?: string) => (
    <Field id={`judge-${name}`} label={label} error={errors[name]?.message} hint={hint}>
      <Input {...fieldAria(`judge-${name}`, errors[name]?.message)} {...form.register(name)} autoComplete="off" spellCheck={false} />
    </Field>
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Record a judge validation">
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {field("judgeName", "Judge", "As the measurements name it: a detector (dan.DAN) or a grader.")}
        {field("judgeVersion", "Judge version (optional)")}
        {field("judgeModel", "Judge model (LLM judge, optional)")}
        {field("judgeRubricVersion", "Rubric version (LLM judge, optional)")}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          id={fileId}
          label="Labelled sample file (CSV or JSONL)"
          hint='One item a row or line, with a "human" and a "judge" label (1/0, yes/no, fail/pass).'
        >
          <FileInput id={fileId} accept=".csv,.jsonl,.json,text/csv,application/json" onChange={readFile} />
        </Field>
        <Field id="judge-format" label="Format" error={errors.format?.message}>
          <Select {...fieldAria("judge-format", errors.format?.message)} {...form.register("format")}>
            <option value="csv">CSV</option>
            <option value="jsonl">JSONL</option>
          </Select>
        </Field>
      </div>
      <Field id="judge-sample" label="Labelled sample" error={errors.sample?.message} hint="Filled from the file, or pasted.">
        <Textarea rows={5} mono {...fieldAria("judge-sample", errors.sample?.message)} {...form.register("sample")} />
      </Field>
      <Field id="judge-note" label="Note (optional)" error={errors.note?.message}>
        <Input {...fieldAria("judge-note", errors.note?.message)} {...form.register("note")} />
      </Field>
      <SubmitRow busy={isBusy} label="Record validation" busyLabel="Saving..." />
    </form>
  );
}
