"use client";

import { BadgeDollarSign } from "lucide-react";
import { saveDefaultRatesAction } from "@/features/settings/actions/admin";
import { DashboardCard } from "@/components/admin/dashboard-card";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { centsToDollarInput } from "@/lib/format";
import type { DefaultRateCard } from "@/features/settings/server";

/** Settings → Default contracting rates (docs/PRODUCT.md#admin-settings): the cards a new client starts with. */
export function DefaultRatesCard({ rates, customized }: { rates: DefaultRateCard[]; customized: boolean }) {
  const form = useZodForm(() => import("@/features/settings/validation").then((m) => m.defaultRatesSchema), {
    rates: rates.map((r) => ({
      serviceType: r.serviceType,
      hourlyRate: centsToDollarInput(r.hourlyRateCents),
      monthlyRetainer: centsToDollarInput(r.monthlyRetainerCents),
    })),
  });
  const { errors } = form.formState;
  const { onSubmit, message, isBusy } = useFormSubmit(form, (values) => saveDefaultRatesAction(values), {
    done: () => "Default rates saved. New clients start with them.",
  });

  return (
    <DashboardCard headingId="settings-rates" icon={BadgeDollarSign} title="Default contracting rates">
      <p className="mt-1 text-sm text-muted">
        {customized ? "What a new client starts with" : "The standard rates: what a new client starts with"}, and what a client without
        rates of its own sees. Each client&apos;s own rates are changed under Clients → Rates.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4" aria-label="Default contracting rates">
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        {errors.rates?.root?.message || errors.rates?.message ? (
          <Alert tone="error">{errors.rates?.root?.message ?? errors.rates?.message}</Alert>
        ) : null}
        {rates.map((rate, index) => {
          const id = (name: string) => `default-rate-${index}-${name}`;
          const hourlyError = errors.rates?.[index]?.hourlyRate?.message;
          const retainerError = errors.rates?.[index]?.monthlyRetainer?.message;
          return (
            <fieldset key={rate.serviceType} className="grid gap-3 sm:grid-cols-[1fr_10rem_12rem] sm:items-start">
              <legend className="sr-only">{rate.serviceType}</legend>
              <p className="pt-1 text-sm font-medium sm:pt-8" aria-hidden>
                {rate.serviceType}
              </p>
              <Field id={id("hourly")} label="Hourly rate ($)" error={hourlyError}>
                <Input
                  {...fieldAria(id("hourly"), hourlyError)}
                  {...form.register(`rates.${index}.hourlyRate`)}
                  inputMode="decimal"
                  aria-label={`Hourly rate of ${rate.serviceType} ($)`}
                />
              </Field>
              <Field id={id("retainer")} label="Monthly retainer ($, optional)" error={retainerError}>
                <Input
                  {...fieldAria(id("retainer"), retainerError)}
                  {...form.register(`rates.${index}.monthlyRetainer`)}
                  inputMode="decimal"
                  aria-label={`Monthly retainer of ${rate.serviceType} ($, optional)`}
                />
              </Field>
            </fieldset>
          );
        })}
        <div className="flex justify-end">
          <Button type="submit" disabled={isBusy}>
            {isBusy ? "Saving..." : "Save default rates"}
          </Button>
        </div>
      </form>
    </DashboardCard>
  );
}
