"use client";

import Link from "next/link";
import { useState } from "react";
import { publishFindingsAction, setDueDaysAction } from "@/features/findings/actions/admin";
import { FindingBadges } from "@/features/findings/components/finding-badges";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { SubmitRow } from "@/components/ui/submit-row";
import { useChange } from "@/components/ui/use-change";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import type { DueDays } from "@/lib/domain/finding";
import { formatDate } from "@/lib/format";
import { dueDaysSchema } from "@/features/findings/validation";
import type { FindingListItem } from "@/features/findings/server";

/** An engagement's findings for the firm: pick drafts and publish them (docs/PRODUCT.md#admin-findings). */
export function EngagementFindingList({ projectId, findings }: { projectId: string; findings: FindingListItem[] }) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const { busy, run } = useChange<"publish">((text, tone) => setMessage({ tone, text }));
  const drafts = findings.filter((f) => f.status === "draft");
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  if (findings.length === 0) return <p className="text-sm text-muted">No findings yet. Add one or import a scan file.</p>;
  return (
    <div className="space-y-3">
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {drafts.length > 0 ? (
        <Button
          disabled={busy !== null || selected.size === 0}
          onClick={() =>
            run("publish", () => publishFindingsAction({ projectId, findingIds: [...selected] }), {
              done: ({ published }) => {
                setSelected(new Set());
                return `Published ${published} finding${published === 1 ? "" : "s"}`;
              },
            })
          }
        >
          {busy ? "Publishing..." : `Publish selected (${selected.size})`}
        </Button>
      ) : null}
      <ul className="space-y-2" aria-label="Engagement findings">
        {findings.map((f) => (
          <li key={f.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-800 p-3">
            {f.status === "draft" ? (
              <input
                type="checkbox"
                className="h-4 w-4"
                aria-label={`Select ${f.title}`}
                checked={selected.has(f.id)}
                onChange={() => toggle(f.id)}
              />
            ) : null}
            {/* At least 12rem before the badges wrap below: squeezed beside them, a long title broke one letter per line. */}
            <div className="min-w-0 flex-1 basis-48">
              <Link href={`/admin/findings/${f.id}`} className="font-medium break-words hover:underline">
                {f.title}
              </Link>
              <p className="text-xs text-muted">Due {formatDate(f.dueOn)}</p>
            </div>
            <FindingBadges finding={f} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Days from publishing to the due date, per severity, for this engagement. */
export function DueDaysForm({ projectId, dueDays }: { projectId: string; dueDays: DueDays }) {
  const form = useZodForm(dueDaysSchema, { projectId, ...dueDays });
  const { errors } = form.formState;
  const { onSubmit, message, busy } = useFormSubmit(form, setDueDaysAction, { done: () => "Due dates saved" });
  const field = (name: "critical" | "high" | "medium" | "low", label: string) => (
    <Field id={`due-${name}`} label={label} error={errors[name]?.message}>
      <Input type="number" min={1} max={3650} {...fieldAria(`due-${name}`, errors[name]?.message)} {...form.register(name)} />
    </Field>
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {field("critical", "Critical (days)")}
        {field("high", "High (days)")}
        {field("medium", "Medium (days)")}
        {field("low", "Low (days)")}
      </div>
      <SubmitRow busy={busy} label="Save due dates" busyLabel="Saving..." />
    </form>
  );
}
