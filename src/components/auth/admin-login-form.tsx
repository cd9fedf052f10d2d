"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { signInAdminAction } from "@/app/(auth)/actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { useZodForm } from "@/components/ui/use-zod-form";
import { adminLoginSchema, AUTH_MESSAGES } from "@/lib/validation/auth";
import { applyFieldErrors } from "./form-errors";
import { PasskeySignIn } from "./passkey-sign-in";
import { TwoFactorStep } from "./two-factor-step";

export function AdminLoginForm() {
  const router = useRouter();
  const [banner, setBanner] = useState<string | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const [isNavigating, startNavigation] = useTransition();
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useZodForm(adminLoginSchema, { email: "", password: "" });
  const busy = isSubmitting || isNavigating;

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      const result = await signInAdminAction(values);
      if (!result.ok) {
        if (!applyFieldErrors(setError, result.fieldErrors, ["email", "password"])) setBanner(result.error);
        return;
      }
      if (result.data.needsCode) return setNeedsCode(true);
      startNavigation(() => router.replace(result.data.redirectTo));
    } catch {
      setBanner(AUTH_MESSAGES.loginFailed);
    }
  });

  if (needsCode) {
    return <TwoFactorStep area="admin" onSignedIn={(to) => startNavigation(() => router.replace(to))} onRestart={() => setNeedsCode(false)} />;
  }

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={busy}>
        {banner ? <Alert tone="error">{banner}</Alert> : null}
        <Field id="admin-email" label="Admin Email" error={errors.email?.message}>
          <Input type="email" autoComplete="username webauthn" placeholder="admin@company.com" required {...fieldAria("admin-email", errors.email?.message)} {...register("email")} />
        </Field>
        <Field id="admin-password" label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" required {...fieldAria("admin-password", errors.password?.message)} {...register("password")} />
        </Field>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Signing in..." : "Sign In"}
        </Button>
      </form>
      <PasskeySignIn area="admin" onSignedIn={(to) => startNavigation(() => router.replace(to))} />
    </>
  );
}
