"use client";

import { KeyRound } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { changePasswordAction } from "@/app/account/actions";
import { applyFieldErrors } from "@/components/auth/form-errors";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useZodForm } from "@/components/ui/use-zod-form";
import { SubmitRow } from "@/components/ui/submit-row";
import { type ChangePasswordInput, changePasswordSchema } from "@/lib/validation/account";
import { AUTH_MESSAGES } from "@/lib/validation/auth";
import { SESSIONS_CHANGED_EVENT } from "./sessions-card";
import { RESET_PASSWORD_MIN } from "@/lib/validation/auth";
import { GENERIC_ERROR } from "@/lib/messages";

const EMPTY: ChangePasswordInput = { currentPassword: "", password: "", confirmPassword: "" };
const FIELDS = ["currentPassword", "password", "confirmPassword"] as const;

/**
 * "Change password" on portal Settings and the admin Account page
 * (docs/PRODUCT.md#account-security): the current password, then a new one with the reset page's
 * rules. Every other session of the account ends; this browser stays signed in.
 */
export function ChangePasswordCard() {
  const router = useRouter();
  const hydrated = useHydrated();
  const [banner, setBanner] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const { register, handleSubmit, setError, reset, formState: { errors, isSubmitting } } = useZodForm(changePasswordSchema, EMPTY);

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      const result = await changePasswordAction(values);
      if (!result.ok) {
        if (result.error === AUTH_MESSAGES.wrongPassword) setError("currentPassword", { type: "server", message: result.error });
        else if (!applyFieldErrors(setError, result.fieldErrors, FIELDS)) setBanner({ tone: "error", text: result.error });
        return;
      }
      reset(EMPTY);
      setBanner({ tone: "success", text: "Your password was changed. Every other session of your account was signed out." });
      // The session was replaced: render the page again with the new cookie (sessions list too).
      router.refresh();
      window.dispatchEvent(new Event(SESSIONS_CHANGED_EVENT));
    } catch {
      setBanner({ tone: "error", text: GENERIC_ERROR });
    }
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
          <Input {...fieldAria("cp-current", errors.currentPassword?.message)} type="password" autoComplete="current-password" {...register("currentPassword")} />
        </Field>
        <Field id="cp-new" label="New password" error={errors.password?.message} hint={`At least ${RESET_PASSWORD_MIN} characters`}>
          <Input {...fieldAria("cp-new", errors.password?.message)} type="password" autoComplete="new-password" {...register("password")} />
        </Field>
        <Field id="cp-confirm" label="Confirm new password" error={errors.confirmPassword?.message}>
          <Input {...fieldAria("cp-confirm", errors.confirmPassword?.message)} type="password" autoComplete="new-password" {...register("confirmPassword")} />
        </Field>
        <SubmitRow busy={isSubmitting} label="Change password" busyLabel="Changing..." />
      </form>
    </Card>
  );
}
