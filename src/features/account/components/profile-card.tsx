"use client";

import { UserRound } from "lucide-react";
import { requestEmailChangeAction, updateOwnNameAction } from "@/features/identity/actions/account";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { SubmitRow } from "@/components/ui/submit-row";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useZodForm } from "@/components/ui/use-zod-form";
import { type EmailChangeInput, type OwnNameInput } from "@/features/identity/validation/account";
import { AUTH_MESSAGES } from "@/features/identity/validation/auth-messages";

/**
 * "Your profile" on portal Settings and the admin Account page (docs/PRODUCT.md#portal-settings):
 * the signed-in person's own name and sign-in e-mail, never the company's record. A new sign-in
 * e-mail takes the current password and applies once the link mailed to it is opened.
 */
export function ProfileCard({ name, email, readOnly = false }: { name: string; email: string; readOnly?: boolean }) {
  const hydrated = useHydrated();
  return (
    <Card className="max-w-2xl" data-hydrated={hydrated}>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <UserRound className="h-5 w-5 text-accent" aria-hidden />
        Your profile
      </h2>
      <p className="mt-1 text-sm text-muted">Yours alone: how we greet you and name you to your colleagues and our team.</p>
      {readOnly ? (
        <dl className="mt-4 space-y-2 text-sm">
          <div>
            <dt className="text-muted">Name</dt>
            <dd>{name}</dd>
          </div>
          <div>
            <dt className="text-muted">Sign-in e-mail</dt>
            <dd>{email}</dd>
          </div>
        </dl>
      ) : (
        <>
          <NameForm name={name} />
          <EmailChangeForm email={email} />
        </>
      )}
    </Card>
  );
}

function NameForm({ name }: { name: string }) {
  const form = useZodForm(() => import("@/features/identity/validation/account").then((m) => m.ownNameSchema), {
    name,
  } satisfies OwnNameInput);
  const { register, reset, formState } = form;
  const { onSubmit, message, isBusy } = useFormSubmit(form, updateOwnNameAction, {
    done: (saved) => {
      reset({ name: saved.name });
      return "Your name was saved.";
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Your name" className="mt-4 space-y-4">
      <div aria-live="polite" className="empty:hidden">
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      </div>
      <Field id="profile-name" label="Your name" error={formState.errors.name?.message}>
        <Input
          {...fieldAria("profile-name", formState.errors.name?.message)}
          autoComplete="name"
          defaultValue={name}
          {...register("name")}
        />
      </Field>
      <SubmitRow busy={isBusy} label="Save name" busyLabel="Saving..." />
    </form>
  );
}

const NO_CHANGE: EmailChangeInput = { newEmail: "", currentPassword: "" };

function EmailChangeForm({ email }: { email: string }) {
  const form = useZodForm(() => import("@/features/identity/validation/account").then((m) => m.emailChangeSchema), NO_CHANGE);
  const { register, reset, setError, formState } = form;
  const { errors } = formState;
  const { onSubmit, message, isBusy } = useFormSubmit(form, requestEmailChangeAction, {
    done: (sent) => {
      reset(NO_CHANGE);
      return `We sent a confirmation link to ${sent.sentTo}. Your sign-in e-mail changes when you open it (within 1 hour); until then you sign in with ${email}.`;
    },
    refused: (refusal) => {
      if (refusal.error !== AUTH_MESSAGES.wrongPassword) return false;
      setError("currentPassword", { type: "server", message: refusal.error });
      return true;
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change sign-in e-mail" className="mt-6 space-y-4 border-t border-border pt-4">
      <p className="text-sm">
        You sign in with <strong data-testid="profile-sign-in-email">{email}</strong>.
      </p>
      <div aria-live="polite" className="empty:hidden">
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      </div>
      <Field id="profile-new-email" label="New sign-in e-mail" error={errors.newEmail?.message}>
        <Input {...fieldAria("profile-new-email", errors.newEmail?.message)} type="email" autoComplete="email" {...register("newEmail")} />
      </Field>
      <Field id="profile-email-password" label="Current password" error={errors.currentPassword?.message}>
        <Input
          {...fieldAria("profile-email-password", errors.currentPassword?.message)}
          type="password"
          autoComplete="current-password"
          {...register("currentPassword")}
        />
      </Field>
      <SubmitRow busy={isBusy} label="Send confirmation link" busyLabel="Sending..." />
    </form>
  );
}
