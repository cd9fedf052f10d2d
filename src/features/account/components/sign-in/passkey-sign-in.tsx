"use client";

import { WebAuthnAbortService } from "@simplewebauthn/browser";
import { KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { finishPasskeySignInAction } from "@/features/identity/actions/sign-in";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useChange } from "@/components/ui/use-change";
import { passkeyErrorMessage } from "@/lib/passkey-errors";
import { signInWithPasskey } from "@/features/identity/components/passkey-ceremony";

type Props = {
  area: "client" | "admin";
  /** Where the server sends the signed-in browser next. */
  onSignedIn: (redirectTo: string) => void;
};

/**
 * "Sign in with a passkey" under a login form (docs/PRODUCT.md#passkeys). When the email field
 * (autocomplete "username webauthn") is first focused, the account's passkeys are also offered in
 * its suggestions where the browser can (conditional mediation). One ceremony at a time: both share
 * the server's challenge cookie, so pressing the button cancels the autofill request, and an
 * answer from a replaced request is dropped.
 */
export function PasskeySignIn({ area, onSignedIn }: Props) {
  const [error, setError] = useState<string | null>(null);
  // Only the button's ceremony shows as busy; the autofill one waits quietly in the email field.
  const { isBusy, run: runChange } = useChange<"passkey">(() => {});
  const latest = useRef(0);
  const done = useRef(onSignedIn);
  useEffect(() => {
    done.current = onSignedIn;
  }, [onSignedIn]);

  const run = async (autofill: boolean) => {
    const ticket = ++latest.current;
    if (!autofill) WebAuthnAbortService.cancelCeremony();
    setError(null);
    try {
      if (!(await signInWithPasskey({ autofill, stillWanted: () => ticket === latest.current }))) return;
      const result = await finishPasskeySignInAction({ area });
      if (result.success) done.current(result.data.redirectTo);
      else setError(result.error);
    } catch (failure) {
      if (ticket === latest.current) setError(passkeyErrorMessage(failure, "sign-in"));
    }
  };

  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  });

  useEffect(() => {
    let started = false;
    const onFocus = (event: FocusEvent) => {
      const field = event.target;
      if (started || !(field instanceof HTMLInputElement) || !field.autocomplete.includes("webauthn")) return;
      started = true;
      void runRef.current(true);
    };
    document.addEventListener("focusin", onFocus);
    return () => {
      document.removeEventListener("focusin", onFocus);
      latest.current += 1;
      WebAuthnAbortService.cancelCeremony();
    };
  }, []);

  // `run` shows its own outcome (an error above the button, or the login form entering the next
  // screen), so the change only holds the button busy while the ceremony runs.
  const onClick = () =>
    runChange(
      "passkey",
      async () => {
        await run(false);
        return { success: true, data: null };
      },
      { refresh: false },
    );

  return (
    <div className="mt-4 space-y-3">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted" aria-hidden>
        <span className="h-px flex-1 bg-slate-800" />
        or
        <span className="h-px flex-1 bg-slate-800" />
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="button" variant="secondary" className="w-full" disabled={isBusy} onClick={onClick}>
        <KeyRound className="h-4 w-4" aria-hidden />
        {isBusy ? "Waiting for your passkey..." : "Sign in with a passkey"}
      </Button>
    </div>
  );
}
