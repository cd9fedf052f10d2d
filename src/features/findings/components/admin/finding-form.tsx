"use client";

import { useRouter } from "next/navigation";
import { createFindingAction, updateFindingAction } from "@/features/findings/actions/admin";
import { Alert } from "@/components/ui/alert";
import { Field, fieldAria, Input, Select, Textarea } from "@/components/ui/field";
import { Options } from "@/components/ui/options";
import { SubmitRow } from "@/components/ui/submit-row";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { FINDING_SEVERITIES, FINDING_SEVERITY_LABELS, type FindingSeverity } from "@/lib/domain/finding";
import { findingInputSchema } from "@/features/findings/validation";
import { TaxonomyPicker } from "@/features/findings/components/taxonomy-picker";

export type FindingFormValues = {
  title: string;
  severity: FindingSeverity;
  cvssVector: string;
  assets: string;
  description: string;
  remediation: string;
  references: string;
  owaspLlm: string[];
  atlas: string[];
};

const EMPTY: FindingFormValues = {
  title: "",
  severity: "medium",
  cvssVector: "",
  assets: "",
  description: "",
  remediation: "",
  references: "",
  owaspLlm: [],
  atlas: [],
};

/**
 * A finding's content (docs/PRODUCT.md#admin-findings): new in an engagement (`projectId`) or an
 * edit (`findingId`). With a CVSS vector the server computes the score and the severity.
 */
export function FindingForm({ projectId, findingId, initial }: { projectId?: string; findingId?: string; initial?: FindingFormValues }) {
  const router = useRouter();
  const form = useZodForm(findingInputSchema, initial ?? EMPTY);
  const { errors } = form.formState;
  const [owaspLlm, atlas] = form.watch(["owaspLlm", "atlas"]);
  const { onSubmit, message, busy } = useFormSubmit(
    form,
    (values) =>
      findingId ? updateFindingAction({ ...values, findingId }) : createFindingAction({ ...values, projectId: projectId ?? "" }),
    {
      done: (data) => {
        if (!findingId) router.push(`/admin/findings/${data.findingId}`);
        return findingId ? "Finding saved" : "Draft created";
      },
    },
  );
  const id = (name: string) => `finding-${findingId ?? "new"}-${name}`;
  const text = (name: keyof FindingFormValues, label: string, rows: number, hint?: string) => (
    <Field id={id(name)} label={label} error={errors[name]?.message} hint={hint}>
      <Textarea rows={rows} {...fieldAria(id(name), errors[name]?.message)} {...form.register(name)} />
    </Field>
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <Field id={id("title")} label="Title" error={errors.title?.message}>
        <Input {...fieldAria(id("title"), errors.title?.message)} {...form.register("title")} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={id("severity")}
          label="Severity"
          error={errors.severity?.message}
          hint="Taken from the CVSS score when a vector is given."
        >
          <Select {...fieldAria(id("severity"), errors.severity?.message)} {...form.register("severity")}>
            <Options items={FINDING_SEVERITIES} label={FINDING_SEVERITY_LABELS} />
          </Select>
        </Field>
        <Field id={id("cvss")} label="CVSS vector (v3.1 or v4.0, optional)" error={errors.cvssVector?.message}>
          <Input
            placeholder="CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H"
            {...fieldAria(id("cvss"), errors.cvssVector?.message)}
            {...form.register("cvssVector")}
          />
        </Field>
      </div>
      {text("assets", "Affected assets (one per line)", 2)}
      {text("description", "Description (Markdown)", 6)}
      {text("remediation", "Remediation (Markdown)", 4)}
      {text("references", "References (Markdown)", 3, "Links: http(s) and mailto only.")}
      <TaxonomyPicker
        idPrefix={id("taxonomy")}
        owaspLlm={owaspLlm ?? []}
        atlas={atlas ?? []}
        onChange={(field, ids) => form.setValue(field, ids, { shouldDirty: true })}
        errors={{ owaspLlm: errors.owaspLlm?.message, atlas: errors.atlas?.message }}
      />
      <SubmitRow busy={busy} label={findingId ? "Save finding" : "Create draft"} busyLabel="Saving..." />
    </form>
  );
}
