"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef } from "react";
import {
  acknowledgeRiskAction,
  deleteDraftFindingAction,
  publishFindingsAction,
  recordRetestResultAction,
  undoFindingOutcomeAction,
} from "@/features/findings/actions/admin";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, fieldAria, Select, Textarea } from "@/components/ui/field";
import { SubmitRow } from "@/components/ui/submit-row";
import { type Notify, useChange } from "@/components/ui/use-change";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { Toast, useToast } from "@/components/ui/toast";
import { FINDING_OUTCOMES, FINDING_STATUS_LABELS, type FindingStatus } from "@/lib/domain/finding";
import { FindingOutcomeForm } from "./finding-outcome-form";
import { MeasurementForm } from "./measurement-form";
import { MeasuredRetestForm, type MeasuredRetest } from "./measured-retest-form";

/**
 * The firm's steps on one finding: publish or delete a draft, record a retest, acknowledge a risk
 * acceptance, set an outcome (or undo it back to Open).
 */
export function FindingAdminPanel({
  findingId,
  projectId,
  status,
  retestOpen,
  riskToAcknowledge,
  originals,
  measured,
  toolIdTitle = false,
}: {
  findingId: string;
  projectId: string;
  status: FindingStatus;
  retestOpen: boolean;
  riskToAcknowledge: boolean;
  originals: { id: string; title: string }[];
  /** An AI finding's: its retest gives counts (docs/PRODUCT.md#measured-ai-findings), and the firm may record a measurement. */
  measured: MeasuredRetest | null;
  /** A draft still titled with the scan tool's id: Publish warns, as on the engagement's list. */
  toolIdTitle?: boolean;
}) {
  const hasOutcome = (FINDING_OUTCOMES as readonly FindingStatus[]).includes(status);
  const router = useRouter();
  const { toast, show } = useToast();
  const notify: Notify = (message, tone) => show(message, tone === "error" ? 6000 : 3000, tone);
  const { isBusy, running, run } = useChange<"publish" | "delete" | "acknowledge" | "undo">(notify);
  // After Set outcome the form goes away with its details: focus moves to Undo, which takes its place.
  const undoButton = useRef<HTMLButtonElement>(null);
  const focusUndo = useRef(false);
  useEffect(() => {
    if (hasOutcome && focusUndo.current) {
      focusUndo.current = false;
      undoButton.current?.focus();
    }
  }, [hasOutcome]);
  return (
    <div className="space-y-4">
      <Toast toast={toast} />
      {status === "draft" && toolIdTitle ? (
        <Alert tone="info">
          This draft is still titled with the scan tool&apos;s id: the client reads the title as it is. Give it a readable title, or a
          template for the rule id, before publishing.
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {status === "draft" ? (
          <>
            <Button
              disabled={isBusy}
              onClick={() =>
                run("publish", () => publishFindingsAction({ projectId, findingIds: [findingId] }), { done: () => "Finding published" })
              }
            >
              {running === "publish" ? "Publishing..." : "Publish"}
            </Button>
            <Button
              variant="secondary"
              disabled={isBusy}
              onClick={() =>
                run("delete", () => deleteDraftFindingAction({ findingId }), {
                  refresh: false,
                  done: () => {
                    router.push(`/admin/findings?projectId=${projectId}`);
                    return "Draft deleted";
                  },
                })
              }
            >
              {running === "delete" ? "Deleting..." : "Delete draft"}
            </Button>
          </>
        ) : null}
        {riskToAcknowledge ? (
          <Button
            disabled={isBusy}
            onClick={() => run("acknowledge", () => acknowledgeRiskAction({ findingId }), { done: () => "Risk acceptance acknowledged" })}
          >
            {running === "acknowledge" ? "Saving..." : "Acknowledge risk acceptance"}
          </Button>
        ) : null}
        {hasOutcome ? (
          <Button
            ref={undoButton}
            variant="secondary"
            disabled={isBusy}
            onClick={() => run("undo", () => undoFindingOutcomeAction({ findingId }), { done: () => "Finding reopened" })}
          >
            {running === "undo" ? "Reopening..." : "Undo outcome (reopen)"}
          </Button>
        ) : null}
      </div>
      {retestOpen ? (
        measured ? (
          <MeasuredRetestForm findingId={findingId} measured={measured} notify={notify} />
        ) : (
          <RetestResultForm findingId={findingId} notify={notify} />
        )
      ) : null}
      {measured ? (
        <details className="rounded-lg border border-slate-800 p-4">
          <summary className="cursor-pointer font-semibold">Record a measurement</summary>
          <div className="mt-3">
            <MeasurementForm findingId={findingId} lastModel={measured.lastModel} notify={notify} />
          </div>
        </details>
      ) : null}
      {status !== "draft" && !hasOutcome && !retestOpen ? (
        <details className="rounded-lg border border-slate-800 p-4">
          <summary className="cursor-pointer font-semibold">Set an outcome</summary>
          <div className="mt-3">
            <FindingOutcomeForm
              projectId={projectId}
              findingIds={[findingId]}
              originals={originals}
              notify={notify}
              onDone={() => {
                focusUndo.current = true;
              }}
            />
          </div>
        </details>
      ) : null}
    </div>
  );
}

function RetestResultForm({ findingId, notify }: { findingId: string; notify: Notify }) {
  const resultId = useId();
  const noteId = useId();
  const form = useZodForm(() => import("@/features/findings/validation").then((m) => m.retestResultSchema), {
    findingId,
    result: "verified_fixed",
    note: "",
  });
  const { errors } = form.formState;
  // The admin frame's one toast: the form leaves with the open retest it answered.
  const { onSubmit, isBusy } = useFormSubmit(form, recordRetestResultAction, { notify, done: () => "Retest result recorded" });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-lg border border-slate-800 p-4" aria-label="Record the retest result">
      <h2 className="font-semibold">Record the retest result</h2>
      <Field id={resultId} label="Result" error={errors.result?.message}>
        <Select {...fieldAria(resultId, errors.result?.message)} {...form.register("result")}>
          <option value="verified_fixed">{FINDING_STATUS_LABELS.verified_fixed}</option>
          <option value="still_open">{FINDING_STATUS_LABELS.still_open}</option>
        </Select>
      </Field>
      <Field id={noteId} label="Note (optional)" error={errors.note?.message}>
        <Textarea rows={2} {...fieldAria(noteId, errors.note?.message)} {...form.register("note")} />
      </Field>
      <SubmitRow busy={isBusy} label="Record result" busyLabel="Saving..." />
    </form>
  );
}
