"use client";

import { useState } from "react";
import {
  ATLAS_TECHNIQUE_IDS,
  ATLAS_TECHNIQUES,
  canonicalAtlas,
  canonicalOwaspLlm,
  OWASP_LLM_2025,
  type AtlasTechniqueId,
  type OwaspLlmId,
} from "@/lib/domain/ai-taxonomy";

export type TaxonomyField = "owaspLlm" | "atlas";

const OWASP_OPTIONS = OWASP_LLM_2025.map((entry) => ({ id: entry.id, name: entry.name }));
const ATLAS_OPTIONS = ATLAS_TECHNIQUE_IDS.map((id) => ({ id, name: ATLAS_TECHNIQUES[id] }));

/**
 * The AI-security taxonomy of a finding (or a template) as two checkbox lists, OWASP Top 10 for LLM
 * Applications 2025 and MITRE ATLAS techniques, each id with its name (docs/PRODUCT.md#admin-findings).
 * Controlled: the form keeps the ids and hears every change, in the lists' own order. Folded away
 * until opened, unless ids are already chosen.
 */
export function TaxonomyPicker({
  idPrefix,
  owaspLlm,
  atlas,
  onChange,
  errors,
  disabled,
}: {
  idPrefix: string;
  owaspLlm: readonly string[];
  atlas: readonly string[];
  onChange: (field: TaxonomyField, ids: OwaspLlmId[] | AtlasTechniqueId[]) => void;
  errors?: Partial<Record<TaxonomyField, string>>;
  disabled?: boolean;
}) {
  const hasError = Boolean(errors?.owaspLlm || errors?.atlas);
  const [open, setOpen] = useState(owaspLlm.length + atlas.length > 0);
  const chosen = owaspLlm.length + atlas.length;
  const toggle = (field: TaxonomyField, id: string, on: boolean) => {
    const current = field === "owaspLlm" ? owaspLlm : atlas;
    const next = on ? [...current, id] : current.filter((value) => value !== id);
    onChange(field, field === "owaspLlm" ? canonicalOwaspLlm(next) : canonicalAtlas(next));
  };
  const list = (field: TaxonomyField, legend: string, options: { id: string; name: string }[], value: readonly string[]) => {
    const errorId = `${idPrefix}-${field}-error`;
    return (
      <fieldset className="space-y-2" disabled={disabled} aria-describedby={errors?.[field] ? errorId : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-200">{legend}</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {options.map((option) => (
            <label key={option.id} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                value={option.id}
                checked={value.includes(option.id)}
                onChange={(e) => toggle(field, option.id, e.target.checked)}
                className="mt-0.5 h-4 w-4 accent-cyan-500"
              />
              <span>
                <span className="font-mono text-xs">{option.id}</span> {option.name}
              </span>
            </label>
          ))}
        </div>
        {errors?.[field] ? (
          <p id={errorId} className="text-sm text-danger" role="alert">
            {errors[field]}
          </p>
        ) : null}
      </fieldset>
    );
  };
  return (
    <details
      id={idPrefix}
      open={open || hasError}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="rounded-md border border-slate-800 p-3"
    >
      <summary className="cursor-pointer text-sm font-medium text-slate-200">
        AI-security taxonomy (OWASP LLM, MITRE ATLAS){chosen > 0 ? `: ${chosen} chosen` : ""}
      </summary>
      <div className="mt-3 space-y-4">
        {list("owaspLlm", "OWASP Top 10 for LLM Applications (2025)", OWASP_OPTIONS, owaspLlm)}
        {list("atlas", "MITRE ATLAS techniques", ATLAS_OPTIONS, atlas)}
      </div>
    </details>
  );
}
