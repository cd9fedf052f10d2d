"use client";

import { Button } from "@/components/ui/button";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { SlotMessage, useOutcomeSlot } from "@/components/ui/outcome-scope";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { saveRetainerAction } from "@/features/retainers/actions/admin";
import { type RetainerInput } from "@/features/retainers/validation";
import type { RetainerTerms } from "@/features/retainers/server";

const hours = (minutes: number) => String(minutes / 60);
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The retainer's terms: hours, rates, start, carry-over and thresholds. */
export function RetainerTermsForm({ clientId, terms, today }: { clientId: string; terms: RetainerTerms | null; today: string }) {
  const form = useZodForm(() => import("@/features/retainers/validation").then((m) => m.retainerSchema), {
    clientId,
    name: terms?.name ?? "AI Engineering Acceleration",
    hoursPerMonth: terms ? hours(terms.monthlyMinutes) : "",
    hourlyRate: terms ? dollars(terms.hourlyRateCents) : "",
    overageRate: terms ? dollars(terms.overageRateCents) : "",
    startDate: terms?.startDate ?? today,
    carryOverHours: terms ? hours(terms.carryOverMaxMinutes) : "0",
    carryOverMonths: terms ? String(terms.carryOverMonths) : "0",
    thresholds: (terms?.thresholds ?? [80, 100]).join(", "),
  } as RetainerInput);
  const { errors } = form.formState;
  const slot = useOutcomeSlot("retainer-terms");
  const { onSubmit, isBusy } = useFormSubmit(form, saveRetainerAction, {
    notify: slot.notify,
    done: () => "Retainer saved.",
    invalid: "Please correct the highlighted fields.",
  });
  const field = (name: Exclude<keyof RetainerInput, "clientId">, label: string, props: Record<string, unknown> = {}) => {
    const id = `retainer-${name}`;
    const error = errors[name]?.message;
    return (
      <Field id={id} label={label} error={error}>
        <Input {...fieldAria(id, error)} {...props} {...form.register(name)} />
      </Field>
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 md:grid-cols-3">
        {field("name", "Name")}
        {field("hoursPerMonth", "Hours a month", { inputMode: "decimal" })}
        {field("startDate", "Start date", { type: "date" })}
        {field("hourlyRate", "Hourly rate ($)", { inputMode: "decimal" })}
        {field("overageRate", "Overage rate ($)", { inputMode: "decimal" })}
        {field("thresholds", "Thresholds (%)")}
        {field("carryOverHours", "Carry over up to (hours, 0: none)", { inputMode: "decimal" })}
        {field("carryOverMonths", "For (months)", { inputMode: "numeric" })}
      </div>
      <Button type="submit" disabled={isBusy}>
        {isBusy ? "Saving..." : terms ? "Save Retainer" : "Set Retainer"}
      </Button>
      <SlotMessage outcome={slot.outcome} />
    </form>
  );
}
