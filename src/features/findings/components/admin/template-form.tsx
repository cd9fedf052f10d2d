"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import {
  createFindingTemplateAction,
  deleteFindingTemplateAction,
  updateFindingTemplateAction,
} from "@/features/findings/actions/templates";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field, fieldAria, Input, Textarea } from "@/components/ui/field";
import { SubmitRow } from "@/components/ui/submit-row";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { ATLAS_TECHNIQUES, ATLAS_TECHNIQUE_IDS, OWASP_LLM_2025 } from "@/lib/domain/ai-taxonomy";

/** The template form's fields as typed: the lists are one text each, the taxonomy ids ticked. */
export type TemplateFormValues = {
  title: string;
  cvssVector: string;
  cwe: string;
  description: string;
  remediation: string;
  references: string;
  tags: string;
  owaspLlm: string[];
  atlas: string[];
  ruleIds: string;
};

const EMPTY: TemplateFormValues = {
  title: "",
  cvssVector: "",
  cwe: "",
  description: "",
  remediation: "",
  references: "",
  tags: "",
  owaspLlm: [],
  atlas: [],
  ruleIds: "",
};

/**
 * A finding template (docs/PRODUCT.md#admin-finding-templates): new, or an edit of `templateId`
 * with its delete. With a CVSS vector the server computes its score and severity.
 */
export function TemplateForm({ templateId, initial }: { templateId?: string; initial?: TemplateFormValues }) {
  const router = useRouter();
  const form = useZodForm(
    () => import("@/features/findings/validation/templates").then((m) => m.findingTemplateInputSchema),
    initial ?? EMPTY,
  );
  const { errors } = form.formState;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { onSubmit, message, isBusy } = useFormSubmit(
    form,
    (values) => (templateId ? updateFindingTemplateAction({ ...values, templateId }) : createFindingTemplateAction(values)),
    {
      done: (data) => {
        if (!templateId) router.push(`/admin/findings/templates/${data.templateId}`);
        return templateId ? "Template saved" : "Template created";
      },
    },
  );
  const id = (name: string) => `template-${templateId ?? "new"}-${name}`;
  const text = (name: "description" | "remediation" | "references" | "ruleIds", label: string, rows: number, hint?: string) => (
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
        <Field id={id("cvss")} label="Default CVSS vector (v3.1 or v4.0, optional)" error={errors.cvssVector?.message}>
          <Input
            placeholder="CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H"
            {...fieldAria(id("cvss"), errors.cvssVector?.message)}
            {...form.register("cvssVector")}
          />
        </Field>
        <Field id={id("cwe")} label="CWE (optional)" error={errors.cwe?.message}>
          <Input placeholder="CWE-79" {...fieldAria(id("cwe"), errors.cwe?.message)} {...form.register("cwe")} />
        </Field>
      </div>
      {text("description", "Description (Markdown)", 6)}
      {text("remediation", "Remediation (Markdown)", 4)}
      {text("references", "References (Markdown)", 3, "Links: http(s) and mailto only.")}
      <Field id={id("tags")} label="Tags (separated by commas)" error={errors.tags?.message}>
        <Input placeholder="llm, web" {...fieldAria(id("tags"), errors.tags?.message)} {...form.register("tags")} />
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">OWASP Top 10 for LLM Applications (2025)</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {OWASP_LLM_2025.map((entry) => (
            <label key={entry.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={entry.id} {...form.register("owaspLlm")} />
              {entry.id} {entry.name}
            </label>
          ))}
        </div>
        {errors.owaspLlm ? <p className="text-sm text-danger">{errors.owaspLlm.message ?? "Choose ids from the list"}</p> : null}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">MITRE ATLAS techniques</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {ATLAS_TECHNIQUE_IDS.map((technique) => (
            <label key={technique} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={technique} {...form.register("atlas")} />
              {technique} {ATLAS_TECHNIQUES[technique]}
            </label>
          ))}
        </div>
        {errors.atlas ? <p className="text-sm text-danger">{errors.atlas.message ?? "Choose techniques from the list"}</p> : null}
      </fieldset>
      {text(
        "ruleIds",
        "Tool rule ids (one per line)",
        3,
        'An import applies this template to a new finding with one of these rule ids, e.g. a Nuclei template id ("git-config"), a garak probe ("promptinject.HijackHateHumans") or a SARIF ruleId.',
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        {templateId ? (
          <Button variant="secondary" onClick={() => setConfirmDelete(true)}>
            Delete template
          </Button>
        ) : (
          <span />
        )}
        <SubmitRow busy={isBusy} label={templateId ? "Save template" : "Create template"} busyLabel="Saving..." />
      </div>
      {confirmDelete && templateId ? (
        <ConfirmDialog
          title="Delete this template?"
          description="Findings made from it keep their text; imports no longer apply it."
          confirmLabel="Delete template"
          busyLabel="Deleting..."
          send={() => deleteFindingTemplateAction({ templateId })}
          onClose={() => setConfirmDelete(false)}
          onDone={() => router.push("/admin/findings/templates")}
        />
      ) : null}
    </form>
  );
}
