"use client";

import Link from "next/link";
import { useEffect } from "react";
import { signInClientAction } from "@/features/account/actions/sign-in";
import { clientLoginSchema } from "@/features/identity/validation/sign-in";
import { PasswordSignIn } from "./password-sign-in";
import { takeSignInEmail } from "./prefill-email";
import { useSignIn } from "./use-sign-in";

export function ClientLoginFields() {
  // The session cookie is set (by the action or the passkey endpoint); the server now renders the
  // portal in place of this form. Loaded as a new document, not refreshed in place: signed out, this
  // address is the prerendered login page (src/proxy.ts), a route of its own, and the router does
  // not swap one route's tree for another's under the same address on a refresh.
  const signIn = useSignIn(clientLoginSchema, { email: "", password: "", rememberMe: false }, signInClientAction, () =>
    window.location.reload(),
  );
  const { setValue, setFocus } = signIn.form;
  // Just after an invitation's password was set: the address is filled, the password is next.
  useEffect(() => {
    const email = takeSignInEmail();
    if (!email) return;
    setValue("email", email);
    setFocus("password");
  }, [setValue, setFocus]);
  return (
    <PasswordSignIn
      area="client"
      signIn={signIn}
      idPrefix="login"
      emailLabel="Email"
      emailPlaceholder="you@company.com"
      passwordMinLength={6}
      submitLabel="Login"
      busyLabel="Logging in..."
    >
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <label className="inline-flex items-center gap-2 text-slate-200">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-slate-600 bg-slate-900 accent-cyan-500"
            {...signIn.form.register("rememberMe")}
          />
          Remember me
        </label>
        <Link href="/forgot-password" className="text-accent hover:underline">
          Forgot password?
        </Link>
      </div>
    </PasswordSignIn>
  );
}
