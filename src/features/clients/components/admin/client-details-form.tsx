"use client";

import { updateClientAction } from "@/features/clients/actions/admin-client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, fieldAria, Input, Textarea } from "@/components/ui/field";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import type { AdminClientDetails } from "@/features/clients/server";

/** The company's details on the admin's client page: edited by admins, audited with before and after. */
export function ClientDetailsForm({ client }: { client: Omit<AdminClientDetails, "people"> }) {
  const form = useZodForm(() => import("@/features/clients/validation").then((m) => m.adminClientEditSchema), {
    clientId: client.id,
    company: client.company,
    contactPerson: client.contactPerson,
    contactEmail: client.contactEmail,
    phone: client.phone ?? "",
    address: client.address ?? "",
  });
  const { errors } = form.formState;
  const { onSubmit, message, isBusy } = useFormSubmit(form, updateClientAction, { done: () => "Client details saved." });
  return (
    <Card className="max-w-3xl">
      <h2 className="text-lg font-semibold">Company details</h2>
      <p className="mt-1 text-sm text-muted">
        Billing e-mail (admins only): {client.billingEmail ?? "not set"}; change it under Square customers.
      </p>
      <form onSubmit={onSubmit} noValidate aria-label="Company details" className="mt-4 space-y-4">
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="client-edit-company" label="Company" error={errors.company?.message}>
            <Input
              {...fieldAria("client-edit-company", errors.company?.message)}
              autoComplete="organization"
              {...form.register("company")}
            />
          </Field>
          <Field id="client-edit-contact" label="Contact person" error={errors.contactPerson?.message}>
            <Input
              {...fieldAria("client-edit-contact", errors.contactPerson?.message)}
              autoComplete="name"
              {...form.register("contactPerson")}
            />
          </Field>
          <Field id="client-edit-email" label="Contact e-mail" error={errors.contactEmail?.message}>
            <Input
              {...fieldAria("client-edit-email", errors.contactEmail?.message)}
              type="email"
              autoComplete="email"
              {...form.register("contactEmail")}
            />
          </Field>
          <Field id="client-edit-phone" label="Phone" error={errors.phone?.message}>
            <Input {...fieldAria("client-edit-phone", errors.phone?.message)} type="tel" autoComplete="tel" {...form.register("phone")} />
          </Field>
        </div>
        <Field id="client-edit-address" label="Address" error={errors.address?.message}>
          <Textarea
            {...fieldAria("client-edit-address", errors.address?.message)}
            rows={2}
            autoComplete="street-address"
            {...form.register("address")}
          />
        </Field>
        <div className="flex justify-end">
          <Button type="submit" disabled={isBusy}>
            {isBusy ? "Saving..." : "Save details"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
