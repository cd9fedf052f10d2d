"use client";

import Link from "next/link";
import { useRef, useState } from "react";
import { deleteDraftFindingsAction, publishFindingsAction, setDueDaysAction } from "@/features/findings/actions/admin";
import { FindingOutcomeForm } from "./finding-outcome-form";
import { FindingBadges } from "@/features/findings/components/finding-badges";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { SubmitRow } from "@/components/ui/submit-row";
import { useChange } from "@/components/ui/use-change";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { type DueDays, isFirmClosed } from "@/lib/domain/finding";
import { formatDate } from "@/lib/format";
import type { FindingListItem } from "@/features/findings/server/findings-read";

/**
 * An engagement's findings for the firm (docs/PRODUCT.md#admin-findings): select findings (or all
 * drafts at once), then publish or delete the selected drafts, or give the selected published
 * findings an outcome.
 */
export function EngagementFindingList({
  projectId,
  findings,
  toolIdTitled = [],
}: {
  projectId: string;
  findings: FindingListItem[];
  /** Drafts whose title is still a tool's id: Publish warns about those selected. */
  toolIdTitled?: string[];
}) {
  const list = useRef<HTMLUListElement>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const notify = (text: string, tone: "success" | "error") => setMessage({ tone, text });
  const { isBusy, run } = useChange<"publish">(notify);
  const drafts = findings.filter((f) => f.status === "draft");
  // What is still there: a finding that left the list (deleted, reloaded) is no longer selected.
  const chosen = findings.filter((f) => selected.has(f.id));
  const chosenDrafts = chosen.filter((f) => f.status === "draft").map((f) => f.id);
  const chosenPublished = chosen.filter((f) => f.status !== "draft").map((f) => f.id);
  const rawTitles = chosen.filter((f) => f.status === "draft" && toolIdTitled.includes(f.id));
  const allDrafts = drafts.length > 0 && drafts.every((d) => selected.has(d.id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAllDrafts = () =>
    setSelected((s) => {
      const next = new Set(s);
      for (const d of drafts) {
        if (allDrafts) next.delete(d.id);
        else next.add(d.id);
      }
      return next;
    });
  const clear = () => setSelected(new Set());
  if (findings.length === 0) return <p className="text-sm text-muted">No findings yet. Add one or import a scan file.</p>;
  // A duplicate names its original: one finding at a time, any other published finding not closed by the firm.
  const originals =
    chosenPublished.length === 1
      ? findings.filter((f) => f.status !== "draft" && !isFirmClosed(f.status) && f.id !== chosenPublished[0])
      : null;
  return (
    <div className="space-y-3">
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div className="flex flex-wrap items-center gap-3">
        {drafts.length > 0 ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4" checked={allDrafts} onChange={toggleAllDrafts} />
            Select all drafts ({drafts.length})
          </label>
        ) : null}
        <p className="text-sm text-muted" role="status" aria-live="polite">
          {chosen.length === 0
            ? "None selected"
            : `${chosen.length} selected: ${chosenDrafts.length} draft${chosenDrafts.length === 1 ? "" : "s"}, ${chosenPublished.length} published`}
        </p>
      </div>
      {drafts.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          <Button
            disabled={isBusy || chosenDrafts.length === 0}
            onClick={() =>
              run("publish", () => publishFindingsAction({ projectId, findingIds: chosenDrafts }), {
                done: ({ published }) => {
                  clear();
                  return `Published ${published} finding${published === 1 ? "" : "s"}`;
                },
              })
            }
          >
            {isBusy ? "Publishing..." : `Publish selected (${chosenDrafts.length})`}
          </Button>
          <Button variant="secondary" disabled={isBusy || chosenDrafts.length === 0} onClick={() => setConfirmDelete(true)}>
            {`Delete selected drafts (${chosenDrafts.length})`}
          </Button>
        </div>
      ) : null}
      {rawTitles.length > 0 ? (
        <Alert tone="info">
          {rawTitles.length === 1 ? "1 selected draft is" : `${rawTitles.length} selected drafts are`} still titled with the scan
          tool&apos;s id ({rawTitles.map((f) => `"${f.title}"`).join(", ")}): the client reads the title as it is. Give{" "}
          {rawTitles.length === 1 ? "it" : "them"} a readable title, or a template for the rule id, before publishing.
        </Alert>
      ) : null}
      {confirmDelete ? (
        <ConfirmDialog
          title={`Delete ${chosenDrafts.length} draft${chosenDrafts.length === 1 ? "" : "s"}?`}
          description="The selected drafts are deleted for good. Published findings are never deleted."
          confirmLabel="Delete drafts"
          busyLabel="Deleting..."
          send={() => deleteDraftFindingsAction({ projectId, findingIds: chosenDrafts })}
          onClose={() => setConfirmDelete(false)}
          onDone={() => {
            notify(`Deleted ${chosenDrafts.length} draft${chosenDrafts.length === 1 ? "" : "s"}`, "success");
            clear();
          }}
        />
      ) : null}
      {chosenPublished.length > 0 ? (
        <details className="rounded-lg border border-slate-800 p-3">
          <summary className="cursor-pointer text-sm font-semibold">
            Change outcome of the selected published ({chosenPublished.length})
          </summary>
          <div className="mt-3">
            <FindingOutcomeForm
              key={chosenPublished.join(",")}
              projectId={projectId}
              findingIds={chosenPublished}
              originals={originals}
              notify={notify}
              onDone={() => {
                clear();
                // The form goes with the selection: focus the list it changed, not the page's body.
                list.current?.focus();
              }}
            />
          </div>
        </details>
      ) : null}
      <ul ref={list} tabIndex={-1} className="space-y-2 outline-none" aria-label="Engagement findings">
        {findings.map((f) => (
          <li key={f.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-800 p-3">
            <input
              type="checkbox"
              className="h-5 w-5"
              aria-label={`Select ${f.title}`}
              checked={selected.has(f.id)}
              onChange={() => toggle(f.id)}
            />
            {/* At least 12rem before the badges wrap below: squeezed beside them, a long title broke one letter per line. */}
            <div className="min-w-0 flex-1 basis-48">
              <Link href={`/admin/findings/${f.id}`} className="font-medium break-words hover:underline">
                {f.title}
              </Link>
              {f.dueOn ? <p className="text-xs text-muted">Due {formatDate(f.dueOn)}</p> : null}
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
  const form = useZodForm(() => import("@/features/findings/validation").then((m) => m.dueDaysSchema), { projectId, ...dueDays });
  const { errors } = form.formState;
  const { onSubmit, message, isBusy } = useFormSubmit(form, setDueDaysAction, { done: () => "Due dates saved" });
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
      <SubmitRow busy={isBusy} label="Save due dates" busyLabel="Saving..." />
    </form>
  );
}
