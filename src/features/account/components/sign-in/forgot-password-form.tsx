"use client";

import { KeyRound, MailCheck } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { requestPasswordResetAction } from "@/features/identity/actions/sign-in";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { AUTH_MESSAGES } from "@/features/identity/validation/auth-messages";
import { AuthShell } from "./auth-shell";

export function BackToLoginLinks() {
  return (
    <p className="mt-6 text-center text-sm text-muted">
      Back to{" "}
      <Link href="/client-portal" className="text-accent hover:underline">
        client login
      </Link>{" "}
      or{" "}
      <Link href="/admin/login" className="text-accent hover:underline">
        admin login
      </Link>
    </p>
  );
}

/** Request a reset link. Whatever the address, a valid request ends on the same screen. */
export function ForgotPasswordForm() {
  const [sent, setSent] = useState(false);
  const form = useZodForm(() => import("@/features/identity/validation/sign-in").then((m) => m.forgotPasswordSchema), { email: "" });
  const { errors } = form.formState;
  const { onSubmit, message, isBusy } = useFormSubmit(form, requestPasswordResetAction, {
    done: () => setSent(true),
    refresh: false,
    unreachable: AUTH_MESSAGES.resetEmailFailed,
  });

  const back = { href: "/client-portal", label: "Back to Login" };
  if (sent) {
    return (
      <AuthShell icon={<MailCheck className="h-6 w-6" />} title="Check Your Email" back={back}>
        <div className="text-center" role="status">
          <p className="text-sm text-slate-200">If an account exists with that email, we&apos;ve sent password reset instructions.</p>
          <p className="mt-2 text-sm text-muted">The link expires in 1 hour. Check your spam folder if you don&apos;t see it.</p>
          <Link href="/client-portal" className={buttonClasses("secondary", "md", "mt-6 w-full")}>
            Back to Login
          </Link>
          <BackToLoginLinks />
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      icon={<KeyRound className="h-6 w-6" />}
      title="Forgot Password"
      subtitle="Enter your email and we'll send you a link to reset your password."
      back={back}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={isBusy}>
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        <Field id="forgot-email" label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            required
            {...fieldAria("forgot-email", errors.email?.message)}
            {...form.register("email")}
          />
        </Field>
        <Button type="submit" className="w-full" disabled={isBusy}>
          {isBusy ? "Sending..." : "Send Reset Link"}
        </Button>
        <BackToLoginLinks />
      </form>
    </AuthShell>
  );
}
