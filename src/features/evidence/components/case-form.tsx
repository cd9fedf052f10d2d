"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import type { CoverageResult } from "@/features/evidence/server";
import { CASE_STATUS_LABELS, type CaseMatch, type CaseStatus } from "@/features/evidence/validation";

type CaseInput = {
  projectId: string;
  target: string;
  caseNo: string;
  status: CaseStatus;
  trials: number | null;
  successes: number | null;
  reason: string;
  findingIds: string[];
};

/** One case's result on one target: status, the counts where measured, the reason, the findings that show a failure. */
export function CaseForm({
  projectId,
  caseNo,
  target,
  current,
  statuses,
  findings,
  busy,
  onSave,
  onCancel,
}: {
  projectId: string;
  caseNo: string;
  target: string;
  current: CoverageResult | null;
  statuses: readonly CaseStatus[];
  findings: { id: string; title: string; match: CaseMatch }[];
  busy: boolean;
  onSave: (input: CaseInput, refused: (r: { fieldErrors?: Record<string, string> }) => boolean) => void;
  onCancel: () => void;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<CaseStatus>(current?.status ?? "held");
  const [trials, setTrials] = useState(current?.trials?.toString() ?? "");
  const [successes, setSuccesses] = useState(current?.successes?.toString() ?? "");
  const [reason, setReason] = useState(current?.reason ?? "");
  const [linked, setLinked] = useState<string[]>(current?.findings.map((f) => f.id) ?? []);
  const ids = { status: useId(), trials: useId(), successes: useId(), reason: useId(), findings: useId() };
  return (
    <Card>
      <form
        className="space-y-3"
        aria-label={`Result of ${caseNo} on ${target}`}
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({});
          const count = (v: string) => (v.trim() === "" ? null : Number(v));
          onSave(
            { projectId, target, caseNo, status, trials: count(trials), successes: count(successes), reason, findingIds: linked },
            (r) => {
              if (!r.fieldErrors) return false;
              setErrors(r.fieldErrors);
              return true;
            },
          );
        }}
      >
        <h2 className="text-lg font-semibold">
          {caseNo} on {target}
        </h2>
        <Field id={ids.status} label="Status" error={errors.status}>
          <Select id={ids.status} value={status} onChange={(e) => setStatus(e.target.value as CaseStatus)}>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {CASE_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id={ids.trials} label="Trials (n)" error={errors.trials}>
            <Input id={ids.trials} inputMode="numeric" value={trials} onChange={(e) => setTrials(e.target.value)} />
          </Field>
          <Field id={ids.successes} label="Successes (k)" error={errors.successes}>
            <Input id={ids.successes} inputMode="numeric" value={successes} onChange={(e) => setSuccesses(e.target.value)} />
          </Field>
        </div>
        <Field id={ids.reason} label="Reason" hint="Required when not applicable or blocked." error={errors.reason}>
          <Textarea id={ids.reason} value={reason} rows={2} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <Field id={ids.findings} label="Findings that show it" error={errors.findingIds}>
          <Select id={ids.findings} multiple value={linked} onChange={(e) => setLinked([...e.target.selectedOptions].map((o) => o.value))}>
            {findings.map((f) => (
              <option key={f.id} value={f.id}>
                {f.match ? `${f.title} (maps by ${f.match === "atlas" ? "ATLAS" : "OWASP"})` : f.title}
              </option>
            ))}
          </Select>
        </Field>
        <div className="flex gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save result"}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
