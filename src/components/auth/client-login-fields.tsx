"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { signInClientAction } from "@/app/(auth)/actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { clientLoginSchema } from "@/lib/validation/auth";
import { PasskeySignIn } from "./passkey-sign-in";
import { TwoFactorStep } from "./two-factor-step";
import { useSignIn } from "./use-sign-in";

export function ClientLoginFields() {
  const router = useRouter();
  // The session cookie is set (by the action or the passkey endpoint); the server now renders the
  // portal in place of this form.
  const { form, banner, needsCode, restart, busy, onSubmit, signedIn } = useSignIn(clientLoginSchema, { email: "", password: "", rememberMe: false }, signInClientAction, () =>
    router.refresh(),
  );
  const { register, formState: { errors } } = form;

  if (needsCode) {
    return <TwoFactorStep area="client" onSignedIn={signedIn} onRestart={restart} />;
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
      <PasskeySignIn area="client" onSignedIn={signedIn} />
    </>
  );
}
