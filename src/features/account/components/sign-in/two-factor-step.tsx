"use client";

import { type FormEvent, useState } from "react";
import { verifySignInCodeAction } from "@/features/identity/actions/sign-in";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { useChange } from "@/components/ui/use-change";
import { AUTH_MESSAGES } from "@/features/identity/validation/auth-messages";

/**
 * The second step of a sign-in on either login page (docs/PRODUCT.md#sign-in-two-factor): the
 * 6-digit code, or "Use a backup code", and "Trust this device for 30 days".
 */
export function TwoFactorStep({
  area,
  onSignedIn,
  onRestart,
}: {
  area: "client" | "admin";
  onSignedIn: (redirectTo: string) => void;
  onRestart: () => void;
}) {
  const [method, setMethod] = useState<"totp" | "backup">("totp");
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const { isBusy, run } = useChange<"verify">((message) => setError(message));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    run(
      "verify",
      () => verifySignInCodeAction({ area, method, code: String(form.get("code") ?? ""), trustDevice: form.get("trustDevice") === "on" }),
      {
        // The login form enters the next screen (its own change, busy until that screen is there).
        done: (data) => onSignedIn(data.redirectTo),
        refused: (refusal) => {
          setError(refusal.fieldErrors?.code ?? refusal.error);
          // The pending sign-in is over (expired, or too many wrong codes): start from the password.
          setExpired(refusal.code === "unauthorized");
          return true;
        },
        refresh: false,
        unreachable: AUTH_MESSAGES.loginFailed,
      },
    );
  };

  const id = `${area}-two-factor-code`;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={isBusy} aria-label="Two-factor verification">
      <p className="text-sm text-slate-200">
        {method === "totp"
          ? "Enter the 6-digit code from your authenticator app."
          : "Enter one of the backup codes you saved when you set up two-factor."}
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {expired ? (
        <Button variant="secondary" className="w-full" onClick={onRestart}>
          Sign in again
        </Button>
      ) : (
        <>
          <Field id={id} label={method === "totp" ? "Authentication code" : "Backup code"}>
            <Input
              key={method}
              {...fieldAria(id, error ?? undefined)}
              name="code"
              inputMode={method === "totp" ? "numeric" : "text"}
              autoComplete="one-time-code"
              autoFocus
              maxLength={method === "totp" ? 8 : 20}
              required
            />
          </Field>
          <label className="inline-flex items-center gap-2 text-sm text-slate-200">
            <input type="checkbox" name="trustDevice" className="h-4 w-4 rounded border-slate-600 bg-slate-900 accent-cyan-500" />
            Trust this device for 30 days
          </label>
          <Button type="submit" className="w-full" disabled={isBusy}>
            {isBusy ? "Verifying..." : "Verify"}
          </Button>
          <div className="flex flex-wrap justify-between gap-2 text-sm">
            <button
              type="button"
              className="text-accent hover:underline"
              onClick={() => {
                setMethod(method === "totp" ? "backup" : "totp");
                setError(null);
              }}
            >
              {method === "totp" ? "Use a backup code" : "Use your authenticator app"}
            </button>
            <button type="button" className="text-muted hover:underline" onClick={onRestart}>
              Cancel
            </button>
          </div>
        </>
      )}
    </form>
  );
}
