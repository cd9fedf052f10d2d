"use client";

import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { PasskeySignIn } from "./passkey-sign-in";
import { TwoFactorStep } from "./two-factor-step";

type FieldError = { message?: string } | undefined;

/** What `useSignIn` gives that this view reads (its form may hold more fields than these two). */
type SignInState = {
  form: {
    register: (name: "email" | "password") => UseFormRegisterReturn;
    formState: { errors: { email?: FieldError; password?: FieldError } };
  };
  banner: string | null;
  needsCode: boolean;
  restart: () => void;
  isBusy: boolean;
  onSubmit: () => void;
  signedIn: (redirectTo: string) => void;
};

/**
 * A login page's sign-in: email and password (with what the page adds below them, such as Remember
 * me) and the passkey button, then the code step when the account has two-factor on.
 */
export function PasswordSignIn({
  area,
  signIn,
  idPrefix,
  emailLabel,
  emailPlaceholder,
  passwordMinLength,
  submitLabel,
  busyLabel,
  children,
  sso,
  passwordHidden = false,
}: {
  area: "client" | "admin";
  signIn: SignInState;
  idPrefix: string;
  emailLabel: string;
  emailPlaceholder: string;
  passwordMinLength?: number;
  submitLabel: string;
  busyLabel: string;
  children?: ReactNode;
  /** The company's single sign-on for the typed address (the client login), shown below the email. */
  sso?: ReactNode;
  /** The company requires its identity provider: no password field, no passkey (owners may reveal them). */
  passwordHidden?: boolean;
}) {
  const { form, banner, needsCode, restart, isBusy, onSubmit, signedIn } = signIn;
  const hydrated = useHydrated();
  if (needsCode) {
    return <TwoFactorStep area={area} onSignedIn={signedIn} onRestart={restart} />;
  }

  const { errors } = form.formState;
  const emailId = `${idPrefix}-email`;
  const passwordId = `${idPrefix}-password`;
  return (
    <>
      {/* POST, and no submit before hydration: a form sent by the browser itself (a click or Enter on
          the prerendered page before its script runs) would put the password in the address. */}
      <form onSubmit={onSubmit} method="post" noValidate className="space-y-4" aria-busy={isBusy}>
        {banner ? <Alert tone="error">{banner}</Alert> : null}
        <Field id={emailId} label={emailLabel} error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="username webauthn"
            placeholder={emailPlaceholder}
            required
            {...fieldAria(emailId, errors.email?.message)}
            {...form.register("email")}
          />
        </Field>
        {passwordHidden ? null : (
          <>
            <Field id={passwordId} label="Password" error={errors.password?.message}>
              <Input
                type="password"
                autoComplete="current-password"
                required
                minLength={passwordMinLength}
                {...fieldAria(passwordId, errors.password?.message)}
                {...form.register("password")}
              />
            </Field>
            {children}
            <Button type="submit" className="w-full" disabled={isBusy || !hydrated}>
              {isBusy ? busyLabel : submitLabel}
            </Button>
          </>
        )}
      </form>
      {sso}
      {passwordHidden ? null : <PasskeySignIn area={area} onSignedIn={signedIn} />}
    </>
  );
}
