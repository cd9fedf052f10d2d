"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { createFindingAction, updateFindingAction } from "@/features/findings/actions/admin";
import { Alert } from "@/components/ui/alert";
import { Field, fieldAria, Input, Select, Textarea } from "@/components/ui/field";
import { Options } from "@/components/ui/options";
import { SubmitRow } from "@/components/ui/submit-row";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { FINDING_SEVERITIES, FINDING_SEVERITY_LABELS, type FindingSeverity } from "@/lib/domain/finding";
import { TaxonomyPicker } from "@/features/findings/components/taxonomy-picker";
import type { FindingTemplateOption } from "@/features/findings/server/templates";
import { TemplatePicker } from "./template-picker";

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
export function FindingForm({
  projectId,
  findingId,
  initial,
  templates = [],
}: {
  projectId?: string;
  findingId?: string;
  initial?: FindingFormValues;
  /** A new finding may start from one of these (docs/PRODUCT.md#admin-finding-templates). */
  templates?: FindingTemplateOption[];
}) {
  const router = useRouter();
  const form = useZodForm(() => import("@/features/findings/validation").then((m) => m.findingInputSchema), initial ?? EMPTY);
  // The template the fields were prefilled from: the server adds its CWE and taxonomy.
  const [templateId, setTemplateId] = useState<string | undefined>();
  const { errors } = form.formState;
  const [owaspLlm, atlas] = form.watch(["owaspLlm", "atlas"]);
  const { onSubmit, message, isBusy } = useFormSubmit(
    form,
    (values) =>
      findingId
        ? updateFindingAction({ ...values, findingId })
        : createFindingAction({ ...values, projectId: projectId ?? "", templateId }),
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
      {findingId ? null : (
        <TemplatePicker
          options={templates}
          onPick={(template) => {
            setTemplateId(template.id);
            form.reset({
              ...form.getValues(),
              title: template.title,
              severity: template.severity ?? form.getValues("severity"),
              cvssVector: template.cvssVector ?? "",
              description: template.description,
              remediation: template.remediation,
              references: template.references,
              // The form sends its taxonomy, which wins over the template's on the server.
              owaspLlm: template.owaspLlm,
              atlas: template.atlas,
            });
          }}
        />
      )}
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
      <SubmitRow busy={isBusy} label={findingId ? "Save finding" : "Create draft"} busyLabel="Saving..." />
    </form>
  );
}
