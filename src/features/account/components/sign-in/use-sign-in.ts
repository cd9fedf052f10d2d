"use client";

import { useState } from "react";
import type { DefaultValues } from "react-hook-form";
import type { signInAdminAction } from "@/features/identity/actions/sign-in";
import { useChange } from "@/components/ui/use-change";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { type SchemaLoader, useZodForm } from "@/components/ui/use-zod-form";
import { AUTH_MESSAGES } from "@/features/identity/validation/auth-messages";

type SignInResult = Awaited<ReturnType<typeof signInAdminAction>>;
type Credentials = { email: string; password: string };

/**
 * The sign-in both login forms share: email and password (the one form path, useFormSubmit), the
 * code step when the account has two-factor on, then `enter` (the same after a passkey or a code,
 * through `signedIn`). Entering is part of the change, so the form stays busy until the next
 * screen is there.
 */
export function useSignIn<Input extends Credentials, Output extends Credentials>(
  loadSchema: SchemaLoader<Input, Output>,
  defaults: DefaultValues<Input>,
  signIn: (values: Input) => Promise<SignInResult>,
  enter: (redirectTo: string) => void,
) {
  const [needsCode, setNeedsCode] = useState(false);
  const form = useZodForm(loadSchema, defaults);
  const submit = useFormSubmit(form, signIn, {
    done: (outcome) => (outcome.needsCode ? setNeedsCode(true) : enter(outcome.redirectTo)),
    refresh: false,
    unreachable: AUTH_MESSAGES.loginFailed,
  });
  // A passkey or a code signed in: nothing more to send, only the next screen to show.
  const entering = useChange<"enter">(() => {});
  const signedIn = (redirectTo: string) =>
    entering.run("enter", async () => ({ success: true, data: redirectTo }), { done: enter, refresh: false });

  return {
    form,
    banner: submit.message?.text ?? null,
    needsCode,
    restart: () => setNeedsCode(false),
    isBusy: submit.isBusy || entering.isBusy,
    onSubmit: submit.onSubmit,
    signedIn,
  };
}
