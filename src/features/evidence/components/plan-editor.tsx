"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import { Toast, useToast } from "@/components/ui/toast";
import { useChange } from "@/components/ui/use-change";
import { savePlanAction } from "@/features/evidence/actions/admin";
import type { PlanRow } from "@/features/evidence/server";

/**
 * The firm's test plans (docs/PRODUCT.md#evidence-packs): pick one (or a new one), edit its name,
 * methodology and numbered cases (JSON, one object a case), save. Every id is checked against the
 * catalogue; a refusal names the case and the right name. Saving an adopted version makes the next one.
 */
export function PlanEditor({ plans }: { plans: PlanRow[] }) {
  const { toast, show } = useToast();
  const { running, run } = useChange((message, tone) => show(message, tone === "error" ? 8000 : 3000, tone));
  const [selected, setSelected] = useState(plans[0]?.id ?? "");
  const plan = plans.find((p) => p.id === selected) ?? null;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [name, setName] = useState(plan?.name ?? "");
  const [methodology, setMethodology] = useState(plan?.methodology ?? "");
  const [cases, setCases] = useState(JSON.stringify(plan?.cases ?? [], null, 2));
  const ids = { plan: useId(), name: useId(), methodology: useId(), cases: useId() };
  const pick = (id: string) => {
    const next = plans.find((p) => p.id === id) ?? null;
    setSelected(id);
    setName(next?.name ?? "");
    setMethodology(next?.methodology ?? "");
    setCases(JSON.stringify(next?.cases ?? [], null, 2));
    setErrors({});
  };
  const caseErrors = Object.entries(errors).filter(([key]) => key.startsWith("cases"));
  return (
    <div className="space-y-4">
      <Toast toast={toast} />
      <Field id={ids.plan} label="Plan">
        <Select id={ids.plan} value={selected} onChange={(e) => pick(e.target.value)}>
          {plans.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} (latest version {p.versions[0]?.version})
            </option>
          ))}
          <option value="">New plan</option>
        </Select>
      </Field>
      {plan ? (
        <Card>
          <h2 className="font-semibold">Versions</h2>
          <ul className="mt-1 text-sm">
            {plan.versions.map((v) => (
              <li key={v.id}>
                Version {v.version}: {v.caseCount} cases, adopted by {v.adoptions} {v.adoptions === 1 ? "engagement" : "engagements"}
                {v.adoptions > 0 ? " (never changed again)" : ""}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({});
          run("save", () => savePlanAction({ planId: selected || undefined, name, methodology, cases }), {
            refused: (r) => {
              if (!r.fieldErrors) return false;
              setErrors(r.fieldErrors);
              return true;
            },
            done: (saved) => `Saved version ${saved.version}.`,
          });
        }}
      >
        <Field id={ids.name} label="Name" error={errors.name}>
          <Input id={ids.name} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field id={ids.methodology} label="Methodology" error={errors.methodology}>
          <Textarea id={ids.methodology} value={methodology} rows={2} maxLength={500} onChange={(e) => setMethodology(e.target.value)} />
        </Field>
        <Field
          id={ids.cases}
          label="Cases (JSON)"
          hint='Each: no ("TC-01"), title, objective, technique, acceptance, owasp ("LLM01"), atlas ({ "id": "AML.T0054", "name": "LLM Jailbreak" }), euAiAct, nist, iso42001.'
          error={errors.cases}
        >
          <Textarea id={ids.cases} value={cases} rows={16} mono onChange={(e) => setCases(e.target.value)} />
        </Field>
        {caseErrors.length > 0 ? (
          <ul role="alert" className="list-disc pl-5 text-sm text-danger">
            {caseErrors.map(([key, message]) => (
              <li key={key}>{message}</li>
            ))}
          </ul>
        ) : null}
        <Button type="submit" disabled={running === "save"}>
          {running === "save" ? "Saving..." : "Save plan"}
        </Button>
      </form>
    </div>
  );
}
