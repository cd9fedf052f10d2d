"use client";

import { useState } from "react";
import { createClientAction } from "@/features/clients/actions/admin";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, fieldAria, Input, Textarea } from "@/components/ui/field";
import { InvitationLink, type SentInvitation } from "@/features/clients/components/team/invitation-link";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";

type Created = SentInvitation;

/** Values a Create New Client form starts with, e.g. from a contact inquiry (docs/PRODUCT.md#admin-inquiries). */
export type ClientPrefill = { company: string; contactPerson: string; email: string; inquiryId: string };

export function CreateClientDialog({ onClose, prefill }: { onClose: () => void; prefill?: ClientPrefill }) {
  const [created, setCreated] = useState<Created | null>(null);
  const form = useZodForm(() => import("@/features/clients/validation").then((m) => m.createClientSchema), {
    company: prefill?.company ?? "",
    contactPerson: prefill?.contactPerson ?? "",
    email: prefill?.email ?? "",
    phone: "",
    address: "",
    inquiryId: prefill?.inquiryId ?? "",
  });
  const { errors } = form.formState;
  // The confirmation shows with the page's new figures (Total Clients, the inquiry's client).
  const { onSubmit, message, isBusy } = useFormSubmit(form, createClientAction, { done: (data) => void setCreated(data) });

  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? null : onClose())}
      title={created ? "Client created" : "Create New Client"}
      description={
        created
          ? undefined
          : prefill
            ? "From the contact inquiry, which is linked to the new client. The client receives an email invitation to choose a password."
            : "The client receives an email invitation to choose a password."
      }
    >
      {created ? (
        <InvitationPanel
          created={created}
          onAnother={() => {
            form.reset({ company: "", contactPerson: "", email: "", phone: "", address: "", inquiryId: "" });
            setCreated(null);
          }}
          onClose={onClose}
        />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="client-company" label="Company" error={errors.company?.message}>
              <Input {...fieldAria("client-company", errors.company?.message)} autoComplete="organization" {...form.register("company")} />
            </Field>
            <Field id="client-contact" label="Contact person" error={errors.contactPerson?.message}>
              <Input
                {...fieldAria("client-contact", errors.contactPerson?.message)}
                autoComplete="name"
                {...form.register("contactPerson")}
              />
            </Field>
            <Field id="client-email" label="Email" error={errors.email?.message}>
              <Input {...fieldAria("client-email", errors.email?.message)} type="email" autoComplete="email" {...form.register("email")} />
            </Field>
            <Field id="client-phone" label="Phone (optional)" error={errors.phone?.message}>
              <Input {...fieldAria("client-phone", errors.phone?.message)} type="tel" autoComplete="tel" {...form.register("phone")} />
            </Field>
          </div>
          <Field id="client-address" label="Address (optional)" error={errors.address?.message}>
            <Textarea
              {...fieldAria("client-address", errors.address?.message)}
              rows={2}
              autoComplete="street-address"
              {...form.register("address")}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={isBusy}>
              {isBusy ? "Creating..." : "Create Client"}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

function InvitationPanel({ created, onAnother, onClose }: { created: Created; onAnother: () => void; onClose: () => void }) {
  return (
    <InvitationLink
      sent={created}
      onDone={onClose}
      inputId="invite-link"
      actions={
        <Button variant="secondary" onClick={onAnother}>
          Create another
        </Button>
      }
    />
  );
}
