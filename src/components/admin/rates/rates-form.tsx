"use client";

import { Plus, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { fieldErrorsOf } from "@/lib/validation/common";
import { updateClientRatesSchema } from "@/lib/validation/admin";

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

let nextKey = 0;
export const newKey = () => `card-${++nextKey}`;

export function RatesForm({ clientId, initial, today }: { clientId: string; initial: RateCardDraft[]; today: string }) {
  const router = useRouter();
  const [cards, setCards] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  const update = (key: string, field: keyof RateCardDraft, value: string) =>
    setCards((list) => list.map((card) => (card.key === key ? { ...card, [field]: value } : card)));

  const add = () =>
    setCards((list) => [...list, { key: newKey(), serviceType: "", hourlyRate: "", monthlyRetainer: "", discountTier: "", description: "", effectiveFrom: today }]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const payload = { clientId, rates: cards.map(({ key: _key, ...card }) => card) };
    const checked = updateClientRatesSchema.safeParse(payload);
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error));
      setMessage({ tone: "error", text: "Please correct the highlighted fields." });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const response = await fetch("/api/admin/update-client-rates", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(payload),
      });
      const body = (await response.json().catch(() => ({}))) as { success?: boolean; error?: string; fieldErrors?: Record<string, string> };
      if (response.ok && body.success) {
        setMessage({ tone: "success", text: "Rates updated successfully!" });
        router.refresh();
      } else {
        setErrors(body.fieldErrors ?? {});
        setMessage({ tone: "error", text: body.error || "Failed to update rates" });
      }
    } catch {
      setMessage({ tone: "error", text: "Failed to update rates" });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={save} noValidate className="space-y-4">
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {cards.length === 0 ? <p className="text-sm text-muted">No rate cards. Add one, or save to fall back to the standard rates.</p> : null}
      {cards.map((card, index) => {
        const id = (field: string) => `rate-${card.key}-${field}`;
        const err = (field: string) => errors[`rates.${index}.${field}`];
        return (
          <Card key={card.key} className="space-y-4">
            <fieldset className="space-y-4">
              <legend className="sr-only">Rate card {index + 1}</legend>
              <div className="flex items-center justify-between gap-2">
                <h2 className="font-semibold">{card.serviceType || `Rate card ${index + 1}`}</h2>
                <Button variant="ghost" size="sm" onClick={() => setCards((list) => list.filter((c) => c.key !== card.key))} aria-label={`Remove rate card ${card.serviceType || index + 1}`}>
                  <Trash2 className="h-4 w-4" aria-hidden />
                  Remove
                </Button>
              </div>
              <div className="grid gap-4 md:grid-cols-3">
                <Field id={id("service")} label="Service type" error={err("serviceType")}>
                  <Input {...fieldAria(id("service"), err("serviceType"))} value={card.serviceType} onChange={(e) => update(card.key, "serviceType", e.target.value)} />
                </Field>
                <Field id={id("hourly")} label="Hourly rate ($)" error={err("hourlyRate")}>
                  <Input {...fieldAria(id("hourly"), err("hourlyRate"))} type="number" inputMode="decimal" min={0} step="0.01" value={card.hourlyRate} onChange={(e) => update(card.key, "hourlyRate", e.target.value)} />
                </Field>
                <Field id={id("retainer")} label="Monthly retainer ($, optional)" error={err("monthlyRetainer")}>
                  <Input {...fieldAria(id("retainer"), err("monthlyRetainer"))} type="number" inputMode="decimal" min={0} step="0.01" value={card.monthlyRetainer} onChange={(e) => update(card.key, "monthlyRetainer", e.target.value)} />
                </Field>
                <Field id={id("tier")} label="Discount tier (optional)" error={err("discountTier")}>
                  <Input {...fieldAria(id("tier"), err("discountTier"))} value={card.discountTier} onChange={(e) => update(card.key, "discountTier", e.target.value)} />
                </Field>
                <Field id={id("from")} label="Effective from" error={err("effectiveFrom")}>
                  <Input {...fieldAria(id("from"), err("effectiveFrom"))} type="date" value={card.effectiveFrom} onChange={(e) => update(card.key, "effectiveFrom", e.target.value)} />
                </Field>
                <Field id={id("description")} label="Description" error={err("description")}>
                  <Input {...fieldAria(id("description"), err("description"))} value={card.description} onChange={(e) => update(card.key, "description", e.target.value)} />
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
