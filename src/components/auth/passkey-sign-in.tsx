"use client";

import { WebAuthnAbortService } from "@simplewebauthn/browser";
import { KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { finishPasskeySignInAction } from "@/app/(auth)/actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { passkeyErrorMessage } from "@/lib/passkey-errors";
import { signInWithPasskey } from "../account/passkey-ceremony";

type Props = {
  area: "client" | "admin";
  /** Where the server sends the signed-in browser next. */
  onSignedIn: (redirectTo: string) => void;
};

/**
 * "Sign in with a passkey" under a login form (docs/PRODUCT.md#passkeys). On load it also offers
 * the account's passkeys in the email field's suggestions where the browser can (conditional
 * mediation); pressing the button replaces that request with a direct one.
 */
export function PasskeySignIn({ area, onSignedIn }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const done = useRef(onSignedIn);
  useEffect(() => {
    done.current = onSignedIn;
  }, [onSignedIn]);

  const finish = async () => {
    const result = await finishPasskeySignInAction({ area });
    if (result.ok) done.current(result.data.redirectTo);
    else setError(result.error);
  };

  useEffect(() => {
    let active = true;
    signInWithPasskey({ autofill: true }).then(
      (signedIn) => active && signedIn && void finish(),
      // An autofill request fails quietly unless the person picked a passkey and it went wrong.
      (failure: unknown) => active && setError(passkeyErrorMessage(failure, "sign-in")),
    );
    return () => {
      active = false;
      WebAuthnAbortService.cancelCeremony();
    };
    // Started once per page; finish reads the area from the first render, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onClick = async () => {
    setError(null);
    setBusy(true);
    try {
      await signInWithPasskey();
      await finish();
    } catch (failure) {
      setError(passkeyErrorMessage(failure, "sign-in"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-4 space-y-3">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted" aria-hidden>
        <span className="h-px flex-1 bg-slate-800" />
        or
        <span className="h-px flex-1 bg-slate-800" />
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="button" variant="secondary" className="w-full" disabled={busy} onClick={onClick}>
        <KeyRound className="h-4 w-4" aria-hidden />
        {busy ? "Waiting for your passkey..." : "Sign in with a passkey"}
      </Button>
    </div>
  );
}
