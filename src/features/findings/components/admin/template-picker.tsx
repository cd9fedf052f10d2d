"use client";

import { useId, useState } from "react";
import { readFindingTemplateAction } from "@/features/findings/actions/templates";
import { Select } from "@/components/ui/field";
import { useChange } from "@/components/ui/use-change";
import type { FindingTemplate, FindingTemplateOption } from "@/features/findings/server/templates";

/**
 * "Start from a template" above the new-finding form (docs/PRODUCT.md#admin-finding-templates):
 * the chosen template is read when chosen and handed to the form to prefill its fields.
 */
export function TemplatePicker({ options, onPick }: { options: FindingTemplateOption[]; onPick: (template: FindingTemplate) => void }) {
  const id = useId();
  const [chosen, setChosen] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { isBusy, run } = useChange<"read">((message, tone) => setError(tone === "error" ? message : null));
  if (options.length === 0) return null;
  const pick = (templateId: string) => {
    setChosen(templateId);
    setError(null);
    if (!templateId) return;
    run("read", () => readFindingTemplateAction({ templateId }), { refresh: false, done: onPick });
  };
  return (
    <div className="space-y-1 text-sm">
      <label htmlFor={id} className="block text-muted">
        Start from a template
      </label>
      <Select id={id} value={chosen} onChange={(event) => pick(event.target.value)} disabled={isBusy} className="max-w-md">
        <option value="">No template</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.title}
          </option>
        ))}
      </Select>
      {isBusy ? <p className="text-muted">Loading the template...</p> : null}
      {error ? (
        <p role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
