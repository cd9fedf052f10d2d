"use client";

import { CheckCircle2, KeyRound, ShieldX } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { resetPasswordAction } from "@/app/(auth)/actions";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { useZodForm } from "@/components/ui/use-zod-form";
import { AUTH_MESSAGES, RESET_PASSWORD_MIN, resetPasswordFormSchema } from "@/lib/validation/auth";
import { AuthShell } from "./auth-shell";
import { applyFieldErrors } from "./form-errors";

/** The success screen stays this long before the redirect (docs/PRODUCT.md#sign-in-reset-password-and-invitations). */
export const REDIRECT_AFTER_RESET_MS = 2000;

const back = { href: "/client-portal", label: "Back to Login" };

/**
 * The reset (or invitation) screen. The server checked the token when the page loaded; the state
 * lives here so the success screen survives any re-render of the page (the token is spent by then).
 */
export function ResetPasswordView({ token, tokenValid, invite }: { token: string; tokenValid: boolean; invite: boolean }) {
  const router = useRouter();
  const [linkValid, setLinkValid] = useState(tokenValid);
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useZodForm(resetPasswordFormSchema, { password: "", confirmPassword: "" });

  useEffect(() => {
    if (!redirectTo) return;
    const timer = setTimeout(() => router.replace(redirectTo), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [redirectTo, router]);

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      const result = await resetPasswordAction({ token, ...values });
      if (result.ok) return setRedirectTo(result.data.redirectTo);
      if (result.error === AUTH_MESSAGES.invalidResetLink) return setLinkValid(false);
      if (!applyFieldErrors(setError, result.fieldErrors, ["password", "confirmPassword"])) setBanner(result.error);
    } catch {
      setBanner(AUTH_MESSAGES.resetFailed);
    }
  });

  if (redirectTo) {
    return (
      <AuthShell icon={<CheckCircle2 className="h-6 w-6" />} title={invite ? "Your password is set" : "Password Reset Successfully"} back={back}>
        <p role="status" className="text-center text-sm text-slate-200">
          {invite ? "You can sign in with it now." : "Your password has been changed and you have been signed out everywhere."} Redirecting
          you to the login page...
        </p>
      </AuthShell>
    );
  }

  if (!linkValid) {
    return (
      <AuthShell icon={<ShieldX className="h-6 w-6" />} title={invite ? "Set Your Password" : "Reset Password"} back={back}>
        <Alert tone="error">{AUTH_MESSAGES.invalidResetLink}</Alert>
        <Link href="/forgot-password" className={buttonClasses("primary", "md", "mt-6 w-full")}>
          Request New Reset Link
        </Link>
      </AuthShell>
    );
  }

  const busyLabel = invite ? "Setting Password..." : "Resetting Password...";
  return (
    <AuthShell
      icon={<KeyRound className="h-6 w-6" />}
      title={invite ? "Set Your Password" : "Reset Password"}
      subtitle={invite ? "Choose a password for your client portal account." : "Choose a new password for your account."}
      back={back}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={isSubmitting}>
        {banner ? <Alert tone="error">{banner}</Alert> : null}
        <Field id="reset-password" label="New Password" error={errors.password?.message} hint={`At least ${RESET_PASSWORD_MIN} characters`}>
          <Input type="password" autoComplete="new-password" required minLength={RESET_PASSWORD_MIN} {...fieldAria("reset-password", errors.password?.message)} {...register("password")} />
        </Field>
        <Field id="reset-confirm" label="Confirm Password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" required minLength={RESET_PASSWORD_MIN} {...fieldAria("reset-confirm", errors.confirmPassword?.message)} {...register("confirmPassword")} />
        </Field>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? busyLabel : invite ? "Set Password" : "Reset Password"}
        </Button>
      </form>
    </AuthShell>
  );
}
