"use client";

import { useState, useTransition } from "react";
import type { DefaultValues, Path } from "react-hook-form";
import type { $ZodType } from "zod/v4/core";
import type { signInAdminAction } from "@/app/(auth)/actions";
import { useZodForm } from "@/components/ui/use-zod-form";
import { AUTH_MESSAGES } from "@/lib/validation/auth";
import { applyFieldErrors } from "./form-errors";

type SignInResult = Awaited<ReturnType<typeof signInAdminAction>>;
type Credentials = { email: string; password: string };

/**
 * The sign-in both login forms share: email and password, the code step when the account has
 * two-factor on, then `enter` (the same after a passkey). Entering runs in a transition, so the
 * form stays busy until the next screen is there.
 */
export function useSignIn<Input extends Credentials, Output extends Credentials>(
  schema: $ZodType<Output, Input>,
  defaults: DefaultValues<Input>,
  signIn: (values: Output) => Promise<SignInResult>,
  enter: (redirectTo: string) => void,
) {
  const [banner, setBanner] = useState<string | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const [isEntering, startEntering] = useTransition();
  const form = useZodForm(schema, defaults);
  const signedIn = (redirectTo: string) => startEntering(() => enter(redirectTo));

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const result = await signIn(values);
      if (!result.ok) {
        if (!applyFieldErrors(form.setError, result.fieldErrors, ["email", "password"] as Path<Input>[])) setBanner(result.error);
        return;
      }
      if (result.data.needsCode) return setNeedsCode(true);
      signedIn(result.data.redirectTo);
    } catch {
      setBanner(AUTH_MESSAGES.loginFailed);
    }
  });

  return { form, banner, needsCode, restart: () => setNeedsCode(false), busy: form.formState.isSubmitting || isEntering, onSubmit, signedIn };
}
