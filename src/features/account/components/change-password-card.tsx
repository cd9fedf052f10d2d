"use client";

import { KeyRound } from "lucide-react";
import { changePasswordAction } from "@/features/identity/actions/account";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useZodForm } from "@/components/ui/use-zod-form";
import { SubmitRow } from "@/components/ui/submit-row";
import { type ChangePasswordInput } from "@/features/identity/validation/account";
import { AUTH_MESSAGES } from "@/features/identity/validation/auth-messages";
import { SESSIONS_CHANGED_EVENT } from "./sessions-card";
import { RESET_PASSWORD_MIN } from "@/features/identity/validation/auth-messages";

const EMPTY: ChangePasswordInput = { currentPassword: "", password: "", confirmPassword: "" };

/**
 * "Change password" on portal Settings and the admin Account page
 * (docs/PRODUCT.md#account-security): the current password, then a new one with the reset page's
 * rules. Every other session of the account ends; this browser stays signed in.
 */
export function ChangePasswordCard() {
  const hydrated = useHydrated();
  const form = useZodForm(() => import("@/features/identity/validation/account").then((m) => m.changePasswordSchema), EMPTY);
  const {
    register,
    setError,
    reset,
    formState: { errors },
  } = form;
  // The session was replaced: the page renders again with the new cookie (the default refresh),
  // and the sessions card reads its list again.
  const {
    onSubmit,
    message: banner,
    isBusy,
  } = useFormSubmit(form, changePasswordAction, {
    done: () => {
      reset(EMPTY);
      window.dispatchEvent(new Event(SESSIONS_CHANGED_EVENT));
      return "Your password was changed. Every other session of your account was signed out.";
    },
    // A wrong current password is that field's message, not the form's.
    refused: (refusal) => {
      if (refusal.error !== AUTH_MESSAGES.wrongPassword) return false;
      setError("currentPassword", { type: "server", message: refusal.error });
      return true;
    },
  });

  return (
    <Card className="max-w-2xl" data-hydrated={hydrated}>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <KeyRound className="h-5 w-5 text-accent" aria-hidden />
        Change password
      </h2>
      <p className="mt-1 text-sm text-muted">Changing it signs out every other browser where your account is signed in.</p>
      <div aria-live="polite" className="mt-3 empty:hidden">
        {banner ? <Alert tone={banner.tone}>{banner.text}</Alert> : null}
      </div>
      <form onSubmit={onSubmit} noValidate aria-label="Change password" className="mt-4 space-y-4">
        <Field id="cp-current" label="Current password" error={errors.currentPassword?.message}>
          <Input
            {...fieldAria("cp-current", errors.currentPassword?.message)}
            type="password"
            autoComplete="current-password"
            {...register("currentPassword")}
          />
        </Field>
        <Field id="cp-new" label="New password" error={errors.password?.message} hint={`At least ${RESET_PASSWORD_MIN} characters`}>
          <Input {...fieldAria("cp-new", errors.password?.message)} type="password" autoComplete="new-password" {...register("password")} />
        </Field>
        <Field id="cp-confirm" label="Confirm new password" error={errors.confirmPassword?.message}>
          <Input
            {...fieldAria("cp-confirm", errors.confirmPassword?.message)}
            type="password"
            autoComplete="new-password"
            {...register("confirmPassword")}
          />
        </Field>
        <SubmitRow busy={isBusy} label="Change password" busyLabel="Changing..." />
      </form>
    </Card>
  );
}
