"use client";

import { Controller } from "react-hook-form";
import { saveSupportPlanAction } from "@/features/subscriptions/actions/admin";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, fieldAria, Input, Textarea } from "@/components/ui/field";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { centsToDecimal } from "@/lib/format";
import { MAX_PLAN_FEATURES } from "@/features/subscriptions/validation/plan-limits";
import type { AdminPlan } from "@/features/subscriptions/server";

/** Create or edit a support plan (docs/PRODUCT.md#admin-settings); the toast shows with the list's new state. */
export function PlanFormDialog({
  plan,
  onClose,
  onSaved,
}: {
  plan: AdminPlan | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const form = useZodForm(() => import("@/features/subscriptions/validation").then((m) => m.supportPlanSchema), {
    id: plan?.id ?? "",
    name: plan?.name ?? "",
    monthlyPrice: plan ? centsToDecimal(plan.monthlyPriceCents) : "",
    features: plan?.features.join("\n") ?? "",
    highlighted: plan?.highlighted ?? false,
    squarePlanVariationId: plan?.squarePlanVariationId ?? "",
    squareCheckoutUrl: plan?.squareCheckoutUrl ?? "",
  });
  const { errors } = form.formState;
  const { onSubmit, message, isBusy } = useFormSubmit(form, (values) => saveSupportPlanAction(values), {
    done: () => {
      onClose();
      onSaved(plan ? `Plan ${form.getValues("name").trim()} saved` : `Plan ${form.getValues("name").trim()} created`);
    },
  });
  const id = (name: string) => `plan-${name}`;
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())} title={plan ? `Edit ${plan.name}` : "New support plan"}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={id("name")} label="Plan name" error={errors.name?.message}>
            <Input {...fieldAria(id("name"), errors.name?.message)} {...form.register("name")} maxLength={100} />
          </Field>
          <Field id={id("price")} label="Monthly price ($)" error={errors.monthlyPrice?.message}>
            <Input {...fieldAria(id("price"), errors.monthlyPrice?.message)} {...form.register("monthlyPrice")} inputMode="decimal" />
          </Field>
        </div>
        <Field id={id("features")} label="Features" hint={`One a line, at most ${MAX_PLAN_FEATURES}.`} error={errors.features?.message}>
          <Textarea {...fieldAria(id("features"), errors.features?.message)} {...form.register("features")} rows={5} />
        </Field>
        <Field
          id={id("variation")}
          label="Square plan variation id (optional)"
          hint="With Square connected, subscribing creates the subscription in Square with this variation; without it, a request you confirm."
          error={errors.squarePlanVariationId?.message}
        >
          <Input
            {...fieldAria(id("variation"), errors.squarePlanVariationId?.message)}
            {...form.register("squarePlanVariationId")}
            maxLength={100}
          />
        </Field>
        <Field
          id={id("checkout")}
          label="Square checkout link (optional)"
          hint="An https:// link to this plan's Square checkout: Subscribe Now opens it in a new tab, and the subscription Square reports becomes the client's. Without it, subscribing is a request you confirm."
          error={errors.squareCheckoutUrl?.message}
        >
          <Input
            {...fieldAria(id("checkout"), errors.squareCheckoutUrl?.message)}
            {...form.register("squareCheckoutUrl")}
            type="url"
            inputMode="url"
            placeholder="https://square.link/u/..."
            maxLength={2000}
          />
        </Field>
        <Controller
          control={form.control}
          name="highlighted"
          render={({ field }) => (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={field.value} onChange={(e) => field.onChange(e.target.checked)} className="h-4 w-4" />
              Highlighted (shown as POPULAR in Book Service)
            </label>
          )}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isBusy}>
            {isBusy ? "Saving..." : plan ? "Save plan" : "Create plan"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
