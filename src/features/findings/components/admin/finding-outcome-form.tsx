"use client";

import { useId } from "react";
import { setFindingsOutcomeAction } from "@/features/findings/actions/admin";
import { Field, fieldAria, Input, Select, Textarea } from "@/components/ui/field";
import { OutcomeMessage, outcomeKindOf } from "@/components/ui/outcome-message";
import { SubmitRow } from "@/components/ui/submit-row";
import type { Notify } from "@/components/ui/use-change";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { FINDING_OUTCOMES, FINDING_STATUS_LABELS, type FindingOutcome } from "@/lib/domain/finding";

const HINT: Record<FindingOutcome, string> = {
  false_positive: "Not a real finding. It leaves the client's counts and list; the client is mailed.",
  duplicate: 'The same finding as another of this engagement. The client reads "Duplicate of <title>".',
  wont_fix: "The client agreed not to fix it: name who agreed and when. It counts as closed, like a risk accepted.",
  withdrawn: 'Taken back by the firm. The client reads "Withdrawn by the firm: <reason>" and is mailed.',
};

/**
 * The firm's outcome for published findings (docs/PRODUCT.md#admin-findings), one reason for all.
 * A duplicate is offered only for one finding at a time (`originals` are the engagement's findings
 * it may name).
 */
export function FindingOutcomeForm({
  projectId,
  findingIds,
  originals,
  notify,
  onDone,
}: {
  projectId: string;
  findingIds: string[];
  originals: { id: string; title: string }[] | null;
  notify?: Notify;
  onDone?: () => void;
}) {
  const ids = { outcome: useId(), reason: useId(), original: useId(), agreedBy: useId(), agreedOn: useId() };
  const form = useZodForm(() => import("@/features/findings/validation").then((m) => m.findingOutcomeSchema), {
    projectId,
    findingIds,
    // Nothing chosen: Withdrawn and False positive mail the client, so the firm picks one itself.
    outcome: "" as FindingOutcome,
    reason: "",
    duplicateOfId: "",
    agreedByName: "",
    agreedOn: "",
  });
  const { errors } = form.formState;
  const outcome = form.watch("outcome") as FindingOutcome | "";
  const choices = FINDING_OUTCOMES.filter((o) => o !== "duplicate" || originals !== null);
  const { onSubmit, isBusy, message } = useFormSubmit(form, setFindingsOutcomeAction, {
    notify,
    done: ({ changed }) => {
      onDone?.();
      return `${outcome ? FINDING_STATUS_LABELS[outcome] : "Outcome set"}: ${changed} finding${changed === 1 ? "" : "s"}`;
    },
  });
  const error = (name: keyof typeof errors) => errors[name]?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Set the outcome">
      {message && !notify ? <OutcomeMessage kind={outcomeKindOf(message.tone)}>{message.text}</OutcomeMessage> : null}
      {error("findingIds") ? <p className="text-sm text-danger">{error("findingIds")}</p> : null}
      <Field id={ids.outcome} label="Outcome" error={error("outcome")}>
        <Select {...fieldAria(ids.outcome, error("outcome"))} {...form.register("outcome")}>
          <option value="">Choose an outcome</option>
          {choices.map((o) => (
            <option key={o} value={o}>
              {FINDING_STATUS_LABELS[o]}
            </option>
          ))}
        </Select>
      </Field>
      {outcome ? <p className="text-xs text-muted">{HINT[outcome]}</p> : null}
      {outcome === "duplicate" && originals ? (
        <Field id={ids.original} label="Duplicate of" error={error("duplicateOfId")}>
          <Select {...fieldAria(ids.original, error("duplicateOfId"))} {...form.register("duplicateOfId")}>
            <option value="">Choose the original finding</option>
            {originals.map((o) => (
              <option key={o.id} value={o.id}>
                {o.title}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      {outcome === "wont_fix" ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id={ids.agreedBy} label="Agreed by (the client's person)" error={error("agreedByName")}>
            <Input {...fieldAria(ids.agreedBy, error("agreedByName"))} {...form.register("agreedByName")} />
          </Field>
          <Field id={ids.agreedOn} label="Agreed on" error={error("agreedOn")}>
            <Input type="date" {...fieldAria(ids.agreedOn, error("agreedOn"))} {...form.register("agreedOn")} />
          </Field>
        </div>
      ) : null}
      <Field id={ids.reason} label={outcome === "withdrawn" ? "Reason (the client reads it)" : "Reason"} error={error("reason")}>
        <Textarea rows={2} {...fieldAria(ids.reason, error("reason"))} {...form.register("reason")} />
      </Field>
      <SubmitRow busy={isBusy} label="Set outcome" busyLabel="Saving..." />
    </form>
  );
}
