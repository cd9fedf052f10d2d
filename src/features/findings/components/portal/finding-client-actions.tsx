"use client";

import { useId } from "react";
import { acceptRiskAction, requestRetestAction, startRemediationAction } from "@/features/findings/actions/portal";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, fieldAria, Input, Textarea } from "@/components/ui/field";
import { SubmitRow } from "@/components/ui/submit-row";
import { type Notify, useChange } from "@/components/ui/use-change";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { Toast, useToast } from "@/components/ui/toast";
import { type FindingStatus, UNRESOLVED_FINDING_STATUSES } from "@/lib/domain/finding";

/**
 * What the client can do with a finding (docs/PRODUCT.md#portal-findings): start remediation,
 * mark it fixed and request a retest (one at a time), or, as an owner, accept the risk.
 */
export function FindingClientActions({
  findingId,
  status,
  retestOpen,
  isOwner,
}: {
  findingId: string;
  status: FindingStatus;
  retestOpen: boolean;
  isOwner: boolean;
}) {
  const { toast, show } = useToast();
  const notify: Notify = (message, tone) => show(message, tone === "error" ? 6000 : 3000, tone);
  const { isBusy, running, run } = useChange<"start">(notify);
  const workable = UNRESOLVED_FINDING_STATUSES.includes(status);
  // The toast stays mounted whatever the status, so the outcome of a step that ends the forms
  // (a retest requested, a risk accepted) is still said.
  if (!workable)
    return (
      <>
        <Toast toast={toast} />
        {status === "fixed_pending_retest" ? (
          <Card>
            <p className="text-sm">A retest is requested. We will record its result on the timeline.</p>
          </Card>
        ) : null}
      </>
    );
  return (
    <Card className="space-y-5">
      <Toast toast={toast} />
      <h2 className="font-semibold">Your remediation</h2>
      {status !== "in_remediation" ? (
        <Button
          variant="secondary"
          disabled={isBusy}
          onClick={() => run("start", () => startRemediationAction({ findingId }), { done: () => "Marked as in remediation" })}
        >
          {running === "start" ? "Saving..." : "Start remediation"}
        </Button>
      ) : null}
      {retestOpen ? (
        <p className="text-sm text-muted">A retest is already requested.</p>
      ) : (
        <RetestForm findingId={findingId} notify={notify} />
      )}
      {isOwner ? (
        <AcceptRiskForm findingId={findingId} notify={notify} />
      ) : (
        <p className="text-xs text-muted">Only an owner of your company can accept a risk.</p>
      )}
    </Card>
  );
}

function RetestForm({ findingId, notify }: { findingId: string; notify: Notify }) {
  const id = useId();
  const form = useZodForm(() => import("@/features/findings/validation").then((m) => m.requestRetestSchema), { findingId, note: "" });
  const error = form.formState.errors.note?.message;
  const { onSubmit, isBusy } = useFormSubmit(form, requestRetestAction, { notify, done: () => "Retest requested" });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Mark fixed and request a retest">
      <h3 className="text-sm font-semibold">Mark fixed and request a retest</h3>
      <Field id={id} label="What did you fix?" error={error}>
        <Textarea rows={3} {...fieldAria(id, error)} {...form.register("note")} />
      </Field>
      <SubmitRow busy={isBusy} label="Request retest" busyLabel="Requesting..." />
    </form>
  );
}

function AcceptRiskForm({ findingId, notify }: { findingId: string; notify: Notify }) {
  const reasonId = useId();
  const dateId = useId();
  const form = useZodForm(() => import("@/features/findings/validation").then((m) => m.acceptRiskSchema), {
    findingId,
    reason: "",
    expiresOn: "",
  });
  const { errors } = form.formState;
  const { onSubmit, isBusy } = useFormSubmit(form, acceptRiskAction, { notify, done: () => "Risk accepted" });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 border-t border-slate-800 pt-4" aria-label="Accept the risk">
      <h3 className="text-sm font-semibold">Accept the risk</h3>
      <Field id={reasonId} label="Reason" error={errors.reason?.message}>
        <Textarea rows={2} {...fieldAria(reasonId, errors.reason?.message)} {...form.register("reason")} />
      </Field>
      <Field id={dateId} label="Accepted until" error={errors.expiresOn?.message}>
        <Input type="date" {...fieldAria(dateId, errors.expiresOn?.message)} {...form.register("expiresOn")} />
      </Field>
      <SubmitRow busy={isBusy} label="Accept risk" busyLabel="Saving..." />
    </form>
  );
}
