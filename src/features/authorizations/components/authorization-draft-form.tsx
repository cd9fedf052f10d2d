"use client";

import { Button } from "@/components/ui/button";
import { Field, fieldAria, Input, Textarea } from "@/components/ui/field";
import { SlotMessage, useOutcomeSlot } from "@/components/ui/outcome-scope";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { saveAuthorizationDraftAction } from "@/features/authorizations/actions/admin";
import type { AuthorizationVersion } from "@/features/authorizations/server";

type Props = {
  projectId: string;
  /** What the fields start from: the draft, the newest version, or the firm's terms template. */
  start: AuthorizationVersion["content"];
  /** "Save draft", or "Save as version n" when the newest version was sent. */
  submitLabel: string;
  onSaved: (saved: { version: number }) => string;
};

const joined = (items: string[]) => items.join("\n");

/** The firm's draft of an authorization (docs/PRODUCT.md#engagement-authorization): one item a line in the lists. */
export function AuthorizationDraftForm({ projectId, start, submitLabel, onSaved }: Props) {
  const form = useZodForm(() => import("@/features/authorizations/validation").then((m) => m.authorizationFormSchema), {
    projectId,
    inScope: joined(start.inScope),
    outOfScope: joined(start.outOfScope),
    windowStart: start.windowStart,
    windowEnd: start.windowEnd,
    testers: joined(start.testers),
    emergencyContacts: joined(start.emergencyContacts),
    price: start.price,
    terms: start.terms,
  });
  const { errors } = form.formState;
  // Shown under its Save button: the dialog's top is out of view at the end of the form. Every
  // draft form of the dialog shares the slot, so a new version's form says what was saved.
  const slot = useOutcomeSlot("draft");
  const { onSubmit, isBusy } = useFormSubmit(form, (values) => saveAuthorizationDraftAction(values), {
    notify: slot.notify,
    refresh: false,
    invalid: "Check the highlighted fields.",
    done: onSaved,
  });
  const error = (name: keyof typeof errors) => errors[name]?.message;
  const area = (name: "inScope" | "outOfScope" | "testers" | "emergencyContacts", label: string, hint: string, rows = 3) => {
    const id = `authorization-${name}`;
    return (
      <Field id={id} label={label} hint={hint} error={error(name)}>
        <Textarea {...fieldAria(id, error(name))} {...form.register(name)} rows={rows} />
      </Field>
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Authorization draft">
      {area("inScope", "In scope", "Hosts, URLs, models or API endpoints: one a line.", 4)}
      {area("outOfScope", "Out of scope (optional)", "One item a line.")}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="authorization-windowStart" label="Window starts (UTC)" error={error("windowStart")}>
          <Input {...fieldAria("authorization-windowStart", error("windowStart"))} type="date" {...form.register("windowStart")} />
        </Field>
        <Field id="authorization-windowEnd" label="Window ends (UTC)" error={error("windowEnd")}>
          <Input {...fieldAria("authorization-windowEnd", error("windowEnd"))} type="date" {...form.register("windowEnd")} />
        </Field>
      </div>
      {area("testers", "Testers", "One name a line.", 2)}
      {area("emergencyContacts", "Emergency contacts", "Name, phone or e-mail: one contact a line.", 2)}
      <Field id="authorization-price" label="Price or plan" error={error("price")}>
        <Input {...fieldAria("authorization-price", error("price"))} {...form.register("price")} maxLength={1000} />
      </Field>
      <Field id="authorization-terms" label="Terms" error={error("terms")} hint="Starts from the firm's template in Settings.">
        <Textarea {...fieldAria("authorization-terms", error("terms"))} {...form.register("terms")} rows={6} />
      </Field>
      <Button type="submit" disabled={isBusy}>
        {isBusy ? "Saving..." : submitLabel}
      </Button>
      <SlotMessage outcome={slot.outcome} />
    </form>
  );
}
