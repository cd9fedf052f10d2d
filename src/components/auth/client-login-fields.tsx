"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { signInClientAction } from "@/app/(auth)/actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { useZodForm } from "@/components/ui/use-zod-form";
import { AUTH_MESSAGES, clientLoginSchema } from "@/lib/validation/auth";
import { applyFieldErrors } from "./form-errors";
import { PasskeySignIn } from "./passkey-sign-in";
import { TwoFactorStep } from "./two-factor-step";

export function ClientLoginFields() {
  const router = useRouter();
  const [banner, setBanner] = useState<string | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const [isRefreshing, startRefresh] = useTransition();
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useZodForm(clientLoginSchema, { email: "", password: "", rememberMe: false });
  const busy = isSubmitting || isRefreshing;

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      const result = await signInClientAction(values);
      if (!result.ok) {
        if (!applyFieldErrors(setError, result.fieldErrors, ["email", "password"])) setBanner(result.error);
        return;
      }
      if (result.data.needsCode) return setNeedsCode(true);
      // The session cookie is set; the server now renders the portal in place of this form.
      startRefresh(() => router.refresh());
    } catch {
      setBanner(AUTH_MESSAGES.loginFailed);
    }
  });

  if (needsCode) {
    return <TwoFactorStep area="client" onSignedIn={() => startRefresh(() => router.refresh())} onRestart={() => setNeedsCode(false)} />;
  }

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={busy}>
        {banner ? <Alert tone="error">{banner}</Alert> : null}
        <Field id="login-email" label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="username webauthn" placeholder="you@company.com" required {...fieldAria("login-email", errors.email?.message)} {...register("email")} />
        </Field>
        <Field id="login-password" label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" required minLength={6} {...fieldAria("login-password", errors.password?.message)} {...register("password")} />
        </Field>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <label className="inline-flex items-center gap-2 text-slate-200">
            <input type="checkbox" className="h-4 w-4 rounded border-slate-600 bg-slate-900 accent-cyan-500" {...register("rememberMe")} />
            Remember me
          </label>
          <Link href="/forgot-password" className="text-accent hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Logging in..." : "Login"}
        </Button>
      </form>
      {/* The session cookie is set by the passkey endpoint; the server then renders the portal. */}
      <PasskeySignIn area="client" onSignedIn={() => startRefresh(() => router.refresh())} />
    </>
  );
}
