"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import { Toast, useToast } from "@/components/ui/toast";
import { useChange } from "@/components/ui/use-change";
import { adoptPlanAction, issuePackAction, recordCaseAction, revokePackAction } from "@/features/evidence/actions/admin";
import type { Coverage, PackRow } from "@/features/evidence/server";
import { CASE_STATUS_LABELS, CASE_STATUSES, type CaseStatus, findingsForCase } from "@/features/evidence/validation";
import { CaseForm } from "./case-form";
import { CoverageSummary } from "./coverage-summary";
import { PackList } from "./pack-list";

type PlanOption = { id: string; label: string };

/**
 * An engagement's evidence for the admin (docs/PRODUCT.md#evidence-packs): the plan version it
 * adopted, each case's result per target (recorded in a form below the table), the coverage by
 * control family, issuing the evidence pack and revoking one.
 */
export function EvidenceScreen({
  projectId,
  planOptions,
  coverage,
  findings,
  packs,
}: {
  projectId: string;
  planOptions: PlanOption[];
  coverage: Coverage | null;
  findings: { id: string; title: string; owaspLlm: string[]; atlas: string[] }[];
  packs: PackRow[];
}) {
  const { toast, show } = useToast();
  const { running, run } = useChange((message, tone) => show(message, tone === "error" ? 6000 : 3000, tone));
  const [planVersionId, setPlanVersionId] = useState(planOptions[0]?.id ?? "");
  const [editing, setEditing] = useState<{ caseNo: string; target: string } | null>(null);
  const [revoking, setRevoking] = useState<PackRow | null>(null);
  const planId = useId();
  const statusOf = (caseNo: string, target: string) => coverage?.results.find((r) => r.caseNo === caseNo && r.target === target);
  return (
    <div className="space-y-6">
      <Toast toast={toast} />
      <Card className="flex flex-wrap items-end gap-3">
        <Field
          id={planId}
          label={coverage ? `Adopted: ${coverage.plan.name}, version ${coverage.plan.version}` : "Test plan"}
          className="min-w-0 flex-1"
        >
          <Select id={planId} value={planVersionId} onChange={(e) => setPlanVersionId(e.target.value)}>
            {planOptions.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          variant="secondary"
          disabled={!planVersionId || running === "adopt"}
          onClick={() => run("adopt", () => adoptPlanAction({ projectId, planVersionId }), { done: () => "Plan version adopted." })}
        >
          {running === "adopt" ? "Adopting..." : "Adopt version"}
        </Button>
      </Card>
      {coverage ? (
        <>
          <CoverageSummary plan={coverage.plan} counts={coverage.counts} families={coverage.families} />
          <Card className="overflow-x-auto">
            <h2 className="mb-2 text-lg font-semibold">Cases</h2>
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-muted">
                <tr>
                  <th className="py-1 pr-2">Case</th>
                  {coverage.targets.map((t) => (
                    <th key={t.label} className="py-1 pr-2">
                      {t.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {coverage.plan.cases.map((c) => (
                  <tr key={c.no} className="border-t border-slate-800 align-top">
                    <td className="py-1 pr-2">
                      <span className="font-mono">{c.no}</span> {c.title}
                      <p className="text-xs text-muted">
                        {c.owasp} · {c.atlas.id} · {c.acceptance}
                      </p>
                    </td>
                    {coverage.targets.map((t) => {
                      const result = statusOf(c.no, t.label);
                      const status: CaseStatus = result?.status ?? "not_started";
                      return (
                        <td key={t.label} className="py-1 pr-2">
                          <button
                            type="button"
                            className="text-accent underline underline-offset-2"
                            aria-label={`${c.no} on ${t.label}: ${CASE_STATUS_LABELS[status]}. Record a result`}
                            onClick={() => setEditing({ caseNo: c.no, target: t.label })}
                          >
                            {CASE_STATUS_LABELS[status]}
                          </button>
                          {result?.trials != null ? (
                            <p className="text-xs text-muted">{`${result.successes} in ${result.trials}`}</p>
                          ) : null}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          {editing ? (
            <CaseForm
              key={`${editing.caseNo}-${editing.target}`}
              projectId={projectId}
              caseNo={editing.caseNo}
              target={editing.target}
              current={statusOf(editing.caseNo, editing.target) ?? null}
              statuses={CASE_STATUSES}
              findings={findingsForCase(
                coverage.plan.cases.find((c) => c.no === editing.caseNo)!,
                findings,
              )}
              busy={running === "record"}
              onSave={(input, refused) =>
                run("record", () => recordCaseAction(input), {
                  refused,
                  done: () => {
                    setEditing(null);
                    return `Recorded ${input.caseNo}.`;
                  },
                })
              }
              onCancel={() => setEditing(null)}
            />
          ) : null}
          <IssuePackCard
            busy={running === "issue"}
            onIssue={(form, refused) =>
              run("issue", () => issuePackAction({ projectId, ...form }), { refused, done: (pack) => `Issued evidence pack ${pack.code}.` })
            }
          />
        </>
      ) : (
        <p className="text-sm text-muted">Adopt a test plan version to start the coverage record.</p>
      )}
      <Card>
        <h2 className="mb-2 text-lg font-semibold">Evidence packs</h2>
        <PackList packs={packs}>
          {(pack) =>
            pack.state === "Revoked" ? null : (
              <Button variant="secondary" size="sm" onClick={() => setRevoking(pack)}>
                Revoke
              </Button>
            )
          }
        </PackList>
      </Card>
      {revoking ? (
        <ConfirmDialog
          title="Revoke this evidence pack?"
          description="Its public page will say it was revoked, and its PDF leaves the report vault. This cannot be undone."
          confirmLabel="Revoke pack"
          busyLabel="Revoking..."
          send={() => revokePackAction({ packId: revoking.id })}
          onClose={() => setRevoking(null)}
          onDone={() => setRevoking(null)}
        />
      ) : null}
    </div>
  );
}

type IssueFields = { testers: string; independence: string; limitations: string };

function IssuePackCard({
  busy,
  onIssue,
}: {
  busy: boolean;
  onIssue: (form: IssueFields, refused: (r: { fieldErrors?: Record<string, string> }) => boolean) => void;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [form, setForm] = useState<IssueFields>({
    testers: "",
    independence: "The testers had no part in designing, building or operating the system tested.",
    limitations: "",
  });
  const ids = { testers: useId(), independence: useId(), limitations: useId() };
  const set = (key: keyof IssueFields) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  return (
    <Card>
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({});
          onIssue(form, (r) => {
            if (!r.fieldErrors) return false;
            setErrors(r.fieldErrors);
            return true;
          });
        }}
      >
        <h2 className="text-lg font-semibold">Issue the evidence pack</h2>
        <Field id={ids.testers} label="Testers" error={errors.testers}>
          <Input id={ids.testers} value={form.testers} maxLength={1000} onChange={set("testers")} />
        </Field>
        <Field id={ids.independence} label="Independence statement" error={errors.independence}>
          <Textarea id={ids.independence} value={form.independence} rows={2} maxLength={1000} onChange={set("independence")} />
        </Field>
        <Field id={ids.limitations} label="Limitations" error={errors.limitations}>
          <Textarea id={ids.limitations} value={form.limitations} rows={3} maxLength={2000} onChange={set("limitations")} />
        </Field>
        <p className="text-xs text-muted">
          The PDF and its OSCAL twin are built from the coverage record and the published findings, signed, and published to the report
          vault; a new pack supersedes the one before.
        </p>
        <Button type="submit" disabled={busy}>
          {busy ? "Issuing..." : "Issue evidence pack"}
        </Button>
      </form>
    </Card>
  );
}
