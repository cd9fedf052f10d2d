"use client";

import { Fingerprint, KeyRound, LockKeyhole, LogIn } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { startSsoStepUpAction } from "@/features/identity/actions/step-up";
import { GENERIC_ERROR } from "@/lib/messages";

/**
 * What the server asked for before a download or an authenticator change: its words for each way
 * the person has (`identityProvider`: a fresh sign-in at their company's identity provider).
 */
export type FreshFactorAsk = { code?: string; passkey?: string; password?: string; identityProvider?: string };

/** The ways a step-up prompt (a 403's `fieldErrors`) asks for, or null when the refusal is no such prompt. */
export function freshFactorAskOf(refusal: { code?: string; fieldErrors?: Record<string, string> }): FreshFactorAsk | null {
  const asked = refusal.fieldErrors;
  if (refusal.code !== "forbidden" || !asked || !(asked.code || asked.passkey || asked.password || asked.identityProvider)) return null;
  return { code: asked.code, passkey: asked.passkey, password: asked.password, identityProvider: asked.identityProvider };
}

/**
 * Leaves for the company's identity provider; the person comes back to this very page, their
 * session fresh for five minutes (the page says so), and does again what asked for the proof.
 */
function IdentityProviderProof({ busy }: { busy: boolean }) {
  const [leaving, setLeaving] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const go = async () => {
    setLeaving(true);
    setFailed(null);
    try {
      const result = await startSsoStepUpAction({ returnTo: `${window.location.pathname}${window.location.search}` });
      if (result.success) {
        window.location.assign(result.data.url);
        return;
      }
      setFailed(result.error || GENERIC_ERROR);
    } catch {
      setFailed(GENERIC_ERROR);
    }
    setLeaving(false);
  };
  return (
    <>
      <Button type="button" size="sm" disabled={busy || leaving} onClick={() => void go()} autoFocus>
        <LogIn className="h-4 w-4" aria-hidden />
        {leaving ? "Opening your identity provider..." : "Sign in again at your identity provider"}
      </Button>
      {failed ? (
        <p className="basis-full text-xs text-red-400" role="alert">
          {failed}
        </p>
      ) : null}
    </>
  );
}

type Props = {
  ask: FreshFactorAsk;
  busy: boolean;
  /** Why the last proof was refused, shown under the prompt. */
  error: string | null;
  /** The typed proof's button: "Confirm and download" under a report. */
  submitLabel?: string;
  onCode: (code: string) => void;
  onPassword: (password: string) => void;
  onPasskey: () => void;
};

/**
 * The fresh proof asked for in place (docs/PRODUCT.md#portal-reports, docs/PRODUCT.md#passkeys): a
 * code from the authenticator app, "Use your passkey", or both for a person who has both; the
 * password for a person with no second factor; a fresh sign-in at the company's identity provider
 * for a person who signed in there and has neither.
 */
export function FreshFactorPrompt({ ask, busy, error, submitLabel = "Confirm and download", onCode, onPassword, onPasskey }: Props) {
  const [typed, setTyped] = useState("");
  const fieldId = useId();
  const hintId = `${fieldId}-hint`;
  const hint =
    error ??
    (ask.code && ask.passkey
      ? "Enter the code from your authenticator app, or use your passkey."
      : (ask.code ?? ask.passkey ?? ask.password ?? ask.identityProvider));
  const typedProof = ask.code ? "code" : ask.password ? "password" : null;
  return (
    <div className="mt-3 space-y-2" role="group" aria-label="Confirm it is you" aria-describedby={hintId}>
      <div className="flex flex-wrap items-end gap-2">
        {typedProof ? (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (typedProof === "code") onCode(typed);
              else onPassword(typed);
            }}
          >
            <div className={typedProof === "code" ? "w-40" : "w-56"}>
              <label htmlFor={fieldId} className="mb-1 flex items-center gap-1 text-sm font-medium">
                {typedProof === "code" ? (
                  <>
                    <KeyRound className="h-4 w-4" aria-hidden /> Authentication code
                  </>
                ) : (
                  <>
                    <LockKeyhole className="h-4 w-4" aria-hidden /> Password
                  </>
                )}
              </label>
              {typedProof === "code" ? (
                <Input
                  id={fieldId}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  autoFocus
                  maxLength={6}
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={hintId}
                />
              ) : (
                <Input
                  id={fieldId}
                  type="password"
                  autoComplete="current-password"
                  autoFocus
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={hintId}
                />
              )}
            </div>
            <Button type="submit" size="sm" disabled={busy}>
              {submitLabel}
            </Button>
          </form>
        ) : null}
        {ask.passkey ? (
          <Button
            type="button"
            size="sm"
            variant={typedProof ? "secondary" : "primary"}
            disabled={busy}
            onClick={onPasskey}
            autoFocus={!typedProof}
          >
            <Fingerprint className="h-4 w-4" aria-hidden />
            Use your passkey
          </Button>
        ) : null}
        {ask.identityProvider ? <IdentityProviderProof busy={busy} /> : null}
      </div>
      <p id={hintId} className={`text-xs ${error ? "text-red-400" : "text-muted"}`} role={error ? "alert" : undefined}>
        {hint}
      </p>
    </div>
  );
}
