"use client";

import { Building2 } from "lucide-react";
import { saveFirmDetailsAction } from "@/features/settings/actions/admin";
import { DashboardCard } from "@/components/admin/dashboard-card";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, fieldAria, Input, Textarea } from "@/components/ui/field";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import type { FirmDetails } from "@/features/settings/server";

/** Settings → Firm details (docs/PRODUCT.md#admin-settings): the name and address invoices and statements print. */
export function FirmDetailsCard({ firm }: { firm: FirmDetails }) {
  const form = useZodForm(() => import("@/features/settings/validation").then((m) => m.firmDetailsSchema), {
    name: firm.name,
    address: firm.address ?? "",
  });
  const { errors } = form.formState;
  const { onSubmit, message, isBusy } = useFormSubmit(form, (values) => saveFirmDetailsAction(values), {
    done: () => "Firm details saved. New invoice PDFs and statements print them.",
  });
  const nameError = errors.name?.message;
  const addressError = errors.address?.message;

  return (
    <DashboardCard headingId="settings-firm" icon={Building2} title="Firm details">
      <p className="mt-1 text-sm text-muted">The name and address at the top of every invoice PDF and statement.</p>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4" aria-label="Firm details">
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        <Field id="firm-name" label="Firm name" error={nameError}>
          <Input {...fieldAria("firm-name", nameError)} {...form.register("name")} maxLength={120} autoComplete="organization" />
        </Field>
        <Field
          id="firm-address"
          label="Address (optional)"
          error={addressError}
          hint="One line of the address per line; up to 500 characters."
        >
          <Textarea {...fieldAria("firm-address", addressError)} {...form.register("address")} rows={3} maxLength={500} />
        </Field>
        <div className="flex justify-end">
          <Button type="submit" disabled={isBusy}>
            {isBusy ? "Saving..." : "Save firm details"}
          </Button>
        </div>
      </form>
    </DashboardCard>
  );
}
