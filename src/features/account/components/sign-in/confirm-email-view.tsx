"use client";

import { CheckCircle2, MailCheck, ShieldX } from "lucide-react";
import { useState } from "react";
import { confirmEmailChangeAction } from "@/features/identity/actions/sign-in";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useChange } from "@/components/ui/use-change";
import { AuthShell } from "./auth-shell";

const back = { href: "/client-portal", label: "Back to Login" };
const INVALID = "This link is invalid or has expired. Ask for a new one in your settings.";

/**
 * The link mailed to a new sign-in address (docs/PRODUCT.md#portal-settings). Opening it changes
 * nothing (mail scanners open links too): the change happens on Confirm.
 */
export function ConfirmEmailView({ token, newEmail }: { token: string; newEmail: string | null }) {
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { isBusy, run } = useChange<"confirm">((text, tone) => {
    if (tone === "error") setError(text);
  });

  if (done)
    return (
      <AuthShell icon={<CheckCircle2 className="h-6 w-6" />} title="Your sign-in e-mail is changed" back={back}>
        <p role="status" className="text-center text-sm text-slate-200">
          From now on you sign in with <strong>{done}</strong>.
        </p>
      </AuthShell>
    );
  if (!newEmail)
    return (
      <AuthShell icon={<ShieldX className="h-6 w-6" />} title="Confirm your new sign-in e-mail" back={back}>
        <Alert tone="error">{INVALID}</Alert>
      </AuthShell>
    );
  return (
    <AuthShell
      icon={<MailCheck className="h-6 w-6" />}
      title="Confirm your new sign-in e-mail"
      subtitle={`You will sign in with ${newEmail} instead of your current address.`}
      back={back}
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button
        className="mt-4 w-full"
        disabled={isBusy}
        onClick={() =>
          run("confirm", () => confirmEmailChangeAction({ token }), {
            done: (data) => setDone(data.email),
            refresh: false,
          })
        }
      >
        {isBusy ? "Confirming..." : "Confirm e-mail"}
      </Button>
    </AuthShell>
  );
}
