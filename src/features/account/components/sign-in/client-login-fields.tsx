"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { signInClientAction } from "@/features/identity/actions/sign-in";
import { PasswordSignIn } from "./password-sign-in";
import { takeSignInEmail } from "./prefill-email";
import { SsoSignIn, useSsoReturnError, useSsoRoute } from "./sso-sign-in";
import { useSignIn } from "./use-sign-in";

export function ClientLoginFields() {
  // The session cookie is set (by the action or the passkey endpoint); the server now renders the
  // portal in place of this form. Loaded as a new document, not refreshed in place: signed out, this
  // address is the prerendered login page (src/proxy.ts), a route of its own, and the router does
  // not swap one route's tree for another's under the same address on a refresh.
  const signIn = useSignIn(
    () => import("@/features/identity/validation/sign-in").then((m) => m.clientLoginSchema),
    { email: "", password: "", rememberMe: false },
    signInClientAction,
    () => window.location.reload(),
  );
  const { setValue, setFocus } = signIn.form;
  // Just after an invitation's password was set: the address is filled, the password is next.
  useEffect(() => {
    const email = takeSignInEmail();
    if (!email) return;
    setValue("email", email);
    setFocus("password");
  }, [setValue, setFocus]);
  // A company that uses its identity provider (docs/PRODUCT.md#single-sign-on): offered once the
  // address is typed; when required, the password is for owners only, behind a link.
  const email = signIn.form.watch("email") ?? "";
  const route = useSsoRoute(email);
  const returnError = useSsoReturnError();
  const [ownerPassword, setOwnerPassword] = useState(false);
  const sso = route?.kind === "sso" ? route : null;
  const passwordHidden = sso !== null && sso.required && !ownerPassword;
  return (
    <>
      {returnError ? <Alert tone="error">{returnError}</Alert> : null}
      <PasswordSignIn
        area="client"
        signIn={signIn}
        passwordHidden={passwordHidden}
        sso={
          sso ? (
            <SsoSignIn
              email={email.trim().toLowerCase()}
              route={sso}
              passwordHidden={passwordHidden}
              onUsePassword={() => setOwnerPassword(true)}
            />
          ) : null
        }
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
    </>
  );
}
