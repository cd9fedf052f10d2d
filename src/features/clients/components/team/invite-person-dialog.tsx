"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, fieldAria, Input, Select } from "@/components/ui/field";
import type { ChangeResult } from "@/components/ui/use-change";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { CLIENT_PERSON_ROLE_LABELS, CLIENT_PERSON_ROLES } from "@/lib/domain/client-person";
import { type InvitePersonInput } from "@/features/clients/validation";
import { InvitationLink, type SentInvitation } from "./invitation-link";

/**
 * Invite a colleague: name, e-mail and role; they get an e-mail to choose their password. When the
 * answer carries the link (an admin inviting from the client page), the dialog shows it to copy.
 */
export function InvitePersonDialog({
  invite,
  onClose,
  onInvited,
}: {
  invite: (input: InvitePersonInput) => Promise<ChangeResult<unknown>>;
  onClose: () => void;
  /** `linkShown`: the dialog hands the admin the link (the portal's owners never get it). */
  onInvited: (email: string, mailConfigured: boolean, linkShown: boolean) => void;
}) {
  const form = useZodForm(() => import("@/features/clients/validation").then((m) => m.invitePersonSchema), {
    name: "",
    email: "",
    role: "member",
  });
  const { errors } = form.formState;
  const [sent, setSent] = useState<SentInvitation | null>(null);
  const { onSubmit, message, isBusy } = useFormSubmit(form, invite, {
    done: (data) => {
      const link = data as Partial<SentInvitation> | null;
      // The portal's owners get no link (their mail always goes out through us); an admin's answer carries it.
      onInvited(form.getValues("email"), link?.mailConfigured ?? true, Boolean(link?.inviteUrl));
      if (link?.inviteUrl && link.expiresAt)
        setSent({
          email: form.getValues("email"),
          inviteUrl: link.inviteUrl,
          expiresAt: link.expiresAt,
          mailConfigured: link.mailConfigured ?? true,
        });
      else onClose();
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? null : onClose())}
      title="Invite a colleague"
      description="They receive an e-mail to choose their password, then sign in to this company's portal."
      width="md"
    >
      {sent ? (
        <InvitationLink sent={sent} onDone={onClose} />
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Invite a colleague" className="space-y-4">
          {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
          <Field id="invite-name" label="Name" error={errors.name?.message}>
            <Input {...fieldAria("invite-name", errors.name?.message)} autoComplete="off" {...form.register("name")} />
          </Field>
          <Field id="invite-email" label="Email" error={errors.email?.message}>
            <Input {...fieldAria("invite-email", errors.email?.message)} type="email" autoComplete="off" {...form.register("email")} />
          </Field>
          <Field
            id="invite-role"
            label="Role"
            error={errors.role?.message}
            hint="Owners can also invite, change the role of and remove colleagues."
          >
            <Select {...fieldAria("invite-role", errors.role?.message)} {...form.register("role")}>
              {CLIENT_PERSON_ROLES.map((role) => (
                <option key={role} value={role}>
                  {CLIENT_PERSON_ROLE_LABELS[role]}
                </option>
              ))}
            </Select>
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={isBusy}>
              {isBusy ? "Inviting..." : "Send invitation"}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
