"use client";

import { Fingerprint, KeyRound } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";

/** What the server asked for before a download: its words for each way the person has. */
export type FreshFactorAsk = { code?: string; passkey?: string };

type Props = {
  ask: FreshFactorAsk;
  busy: boolean;
  /** Why the last proof was refused, shown under the prompt. */
  error: string | null;
  onCode: (code: string) => void;
  onPasskey: () => void;
};

/**
 * The fresh second factor asked for in place, under the report (docs/PRODUCT.md#portal-reports):
 * a code from the authenticator app, "Use your passkey", or both for a person who has both.
 */
export function FreshFactorPrompt({ ask, busy, error, onCode, onPasskey }: Props) {
  const [code, setCode] = useState("");
  const codeId = useId();
  const hintId = `${codeId}-hint`;
  const hint =
    error ?? (ask.code && ask.passkey ? "Enter the code from your authenticator app, or use your passkey." : (ask.code ?? ask.passkey));
  return (
    <div className="mt-3 space-y-2" role="group" aria-label="Confirm it is you" aria-describedby={hintId}>
      <div className="flex flex-wrap items-end gap-2">
        {ask.code ? (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              onCode(code);
            }}
          >
            <div className="w-40">
              <label htmlFor={codeId} className="mb-1 flex items-center gap-1 text-sm font-medium">
                <KeyRound className="h-4 w-4" aria-hidden /> Authentication code
              </label>
              <Input
                id={codeId}
                inputMode="numeric"
                autoComplete="one-time-code"
                autoFocus
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={hintId}
              />
            </div>
            <Button type="submit" size="sm" disabled={busy}>
              Confirm and download
            </Button>
          </form>
        ) : null}
        {ask.passkey ? (
          <Button
            type="button"
            size="sm"
            variant={ask.code ? "secondary" : "primary"}
            disabled={busy}
            onClick={onPasskey}
            autoFocus={!ask.code}
          >
            <Fingerprint className="h-4 w-4" aria-hidden />
            Use your passkey
          </Button>
        ) : null}
      </div>
      <p id={hintId} className={`text-xs ${error ? "text-red-400" : "text-muted"}`} role={error ? "alert" : undefined}>
        {hint}
      </p>
    </div>
  );
}
