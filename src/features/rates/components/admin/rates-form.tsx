"use client";

import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { useZodForm } from "@/components/ui/use-zod-form";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import type { ChangeResult } from "@/components/ui/use-change";
import { type UpdateClientRatesInput } from "@/features/rates/validation";

/** One rate card as typed: amounts are dollar strings until the server converts them to cents. */
export type RateCardDraft = {
  key: string;
  serviceType: string;
  hourlyRate: string;
  monthlyRetainer: string;
  discountTier: string;
  description: string;
  effectiveFrom: string;
};

type FormValues = UpdateClientRatesInput;
type CardField = keyof FormValues["rates"][number];

/** The save: the clients module's `updateClientRatesAction`, handed in by the page (it locks the client). */
export type SendRates = (values: UpdateClientRatesInput) => Promise<ChangeResult<{ count: number }>>;

export function RatesForm({
  clientId,
  initial,
  today,
  send,
}: {
  clientId: string;
  initial: RateCardDraft[];
  today: string;
  send: SendRates;
}) {
  // The server's schema checks the form too (dollar strings in, cents out); the server parses the same strings again.
  const form = useZodForm(() => import("@/features/rates/validation").then((m) => m.updateClientRatesSchema), {
    clientId,
    rates: initial.map(({ key: _key, ...card }) => card),
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "rates", keyName: "fieldKey" });
  const cards = useWatch({ control: form.control, name: "rates" });
  const { errors } = form.formState;

  const add = () =>
    append({ serviceType: "", hourlyRate: "", monthlyRetainer: "", discountTier: "", description: "", effectiveFrom: today });

  const {
    onSubmit: save,
    message,
    isBusy: saving,
  } = useFormSubmit(form, send, {
    done: () => "Rates updated successfully!",
    invalid: "Please correct the highlighted fields.",
  });

  return (
    <form onSubmit={save} noValidate className="space-y-4">
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {fields.length === 0 ? (
        <p className="text-sm text-muted">No rate cards. Add one, or save to fall back to the standard rates.</p>
      ) : null}
      {fields.map((field, index) => {
        const card = cards[index] ?? field;
        const id = (name: string) => `rate-${field.fieldKey}-${name}`;
        const err = (name: CardField) => errors.rates?.[index]?.[name]?.message;
        const reg = (name: CardField) => form.register(`rates.${index}.${name}`);
        return (
          <Card key={field.fieldKey} className="space-y-4">
            <fieldset className="space-y-4">
              <legend className="sr-only">Rate card {index + 1}</legend>
              <div className="flex items-center justify-between gap-2">
                <h2 className="font-semibold">{card.serviceType || `Rate card ${index + 1}`}</h2>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => remove(index)}
                  aria-label={`Remove rate card ${card.serviceType || index + 1}`}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                  Remove
                </Button>
              </div>
              <div className="grid gap-4 md:grid-cols-3">
                <Field id={id("service")} label="Service type" error={err("serviceType")}>
                  <Input {...fieldAria(id("service"), err("serviceType"))} {...reg("serviceType")} />
                </Field>
                <Field id={id("hourly")} label="Hourly rate ($)" error={err("hourlyRate")}>
                  <Input
                    {...fieldAria(id("hourly"), err("hourlyRate"))}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="0.01"
                    {...reg("hourlyRate")}
                  />
                </Field>
                <Field id={id("retainer")} label="Monthly retainer ($, optional)" error={err("monthlyRetainer")}>
                  <Input
                    {...fieldAria(id("retainer"), err("monthlyRetainer"))}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="0.01"
                    {...reg("monthlyRetainer")}
                  />
                </Field>
                <Field id={id("tier")} label="Discount tier (optional)" error={err("discountTier")}>
                  <Input {...fieldAria(id("tier"), err("discountTier"))} {...reg("discountTier")} />
                </Field>
                <Field id={id("from")} label="Effective from" error={err("effectiveFrom")}>
                  <Input {...fieldAria(id("from"), err("effectiveFrom"))} type="date" {...reg("effectiveFrom")} />
                </Field>
                <Field id={id("description")} label="Description" error={err("description")}>
                  <Input {...fieldAria(id("description"), err("description"))} {...reg("description")} />
                </Field>
              </div>
            </fieldset>
          </Card>
        );
      })}
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="secondary" onClick={add}>
          <Plus className="h-4 w-4" aria-hidden />
          Add Rate Card
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save Rates"}
        </Button>
      </div>
    </form>
  );
}
