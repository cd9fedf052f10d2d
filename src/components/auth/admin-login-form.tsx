"use client";

import { useRouter } from "next/navigation";
import { signInAdminAction } from "@/app/(auth)/actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { adminLoginSchema } from "@/lib/validation/auth";
import { PasskeySignIn } from "./passkey-sign-in";
import { TwoFactorStep } from "./two-factor-step";
import { useSignIn } from "./use-sign-in";

export function AdminLoginForm() {
  const router = useRouter();
  const { form, banner, needsCode, restart, busy, onSubmit, signedIn } = useSignIn(adminLoginSchema, { email: "", password: "" }, signInAdminAction, (to) =>
    router.replace(to),
  );
  const { register, formState: { errors } } = form;

  if (needsCode) {
    return <TwoFactorStep area="admin" onSignedIn={signedIn} onRestart={restart} />;
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
      <PasskeySignIn area="admin" onSignedIn={signedIn} />
    </>
  );
}
