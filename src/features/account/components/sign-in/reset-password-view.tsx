"use client";

import { CheckCircle2, KeyRound, ShieldX } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { resetPasswordAction } from "@/features/identity/actions/sign-in";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { AUTH_MESSAGES, RESET_PASSWORD_MIN } from "@/features/identity/validation/auth-messages";
import { AuthShell } from "./auth-shell";
import { rememberSignInEmail } from "./prefill-email";

/** The success screen stays this long before the redirect (docs/PRODUCT.md#sign-in-reset-password-and-invitations). */
export const REDIRECT_AFTER_RESET_MS = 2000;

const back = { href: "/client-portal", label: "Back to Login" };

/**
 * The reset (or invitation) screen. The server checked the token when the page loaded; the state
 * lives here so the success screen survives any re-render of the page (the token is spent by then).
 */
export function ResetPasswordView({
  token,
  linkState,
  invite,
  invitation = null,
}: {
  token: string;
  linkState: "valid" | "invalid" | "withdrawn";
  invite: boolean;
  /** Whom a usable invitation is for (docs/PRODUCT.md#sign-in-reset-password-and-invitations). */
  invitation?: { personName: string; email: string; company: string; invitedBy: string | null } | null;
}) {
  const router = useRouter();
  const [state, setState] = useState(linkState);
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const form = useZodForm(() => import("@/features/identity/validation/sign-in").then((m) => m.resetPasswordFormSchema), {
    password: "",
    confirmPassword: "",
  });
  const { errors } = form.formState;
  const { onSubmit, message, isBusy } = useFormSubmit(form, (values) => resetPasswordAction({ token, ...values }), {
    done: (data) => {
      if (data.signInEmail) rememberSignInEmail(data.signInEmail);
      setRedirectTo(data.redirectTo);
    },
    // A spent or expired link: the screen that says so, with a way to ask for a new one.
    refused: (refusal) => {
      if (refusal.error === AUTH_MESSAGES.invitationWithdrawn) setState("withdrawn");
      else if (refusal.error === AUTH_MESSAGES.invalidResetLink) setState("invalid");
      else return false;
      return true;
    },
    refresh: false,
    unreachable: AUTH_MESSAGES.resetFailed,
  });

  useEffect(() => {
    if (!redirectTo) return;
    const timer = setTimeout(() => router.replace(redirectTo), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [redirectTo, router]);

  if (redirectTo) {
    return (
      <AuthShell
        icon={<CheckCircle2 className="h-6 w-6" />}
        title={invite ? "Your password is set" : "Password Reset Successfully"}
        back={back}
      >
        <p role="status" className="text-center text-sm text-slate-200">
          {invite ? "You can sign in with it now." : "Your password has been changed and you have been signed out everywhere."} Redirecting
          you to the login page...
        </p>
      </AuthShell>
    );
  }

  if (state === "withdrawn") {
    // A withdrawn invitation: asking for a reset link would not help, only a new invitation.
    return (
      <AuthShell icon={<ShieldX className="h-6 w-6" />} title="Set Your Password" back={back}>
        <Alert tone="error">{AUTH_MESSAGES.invitationWithdrawn}</Alert>
      </AuthShell>
    );
  }

  if (state === "invalid") {
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
      {invitation ? (
        <dl aria-label="Invitation" className="mb-5 space-y-1 rounded-lg border border-border p-3 text-sm">
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted">Account:</dt>
            <dd>
              {invitation.personName} ({invitation.email})
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted">Company:</dt>
            <dd>{invitation.company}</dd>
          </div>
          {invitation.invitedBy ? (
            <div className="flex flex-wrap gap-x-2">
              <dt className="text-muted">Invited by:</dt>
              <dd>{invitation.invitedBy}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={isBusy}>
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        <Field id="reset-password" label="New Password" error={errors.password?.message} hint={`At least ${RESET_PASSWORD_MIN} characters`}>
          <Input
            type="password"
            autoComplete="new-password"
            required
            minLength={RESET_PASSWORD_MIN}
            {...fieldAria("reset-password", errors.password?.message)}
            {...form.register("password")}
          />
        </Field>
        <Field id="reset-confirm" label="Confirm Password" error={errors.confirmPassword?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            required
            minLength={RESET_PASSWORD_MIN}
            {...fieldAria("reset-confirm", errors.confirmPassword?.message)}
            {...form.register("confirmPassword")}
          />
        </Field>
        <Button type="submit" className="w-full" disabled={isBusy}>
          {isBusy ? busyLabel : invite ? "Set Password" : "Reset Password"}
        </Button>
      </form>
    </AuthShell>
  );
}
