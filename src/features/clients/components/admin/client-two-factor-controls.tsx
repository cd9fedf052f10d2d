"use client";

import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { resetClientTwoFactorAction, setClientTwoFactorRequirementAction } from "@/features/clients/actions/admin";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Toast, useToast } from "@/components/ui/toast";
import { type Notify, useChange } from "@/components/ui/use-change";
import { cn } from "@/lib/cn";

/**
 * The two-factor controls of a client row (docs/PRODUCT.md#account-security): the "Require 2FA"
 * switch, named in words at every width, and "Reset 2FA" (after a confirmation) for a user who has
 * it on: a labelled action, not an icon that reads as "two-factor off".
 */
export function ClientTwoFactorControls({
  clientId,
  company,
  required,
  enabled,
}: {
  clientId: string;
  company: string;
  required: boolean;
  enabled: boolean;
}) {
  const { toast, show } = useToast();
  const [on, setOn] = useState(required);
  const [confirming, setConfirming] = useState(false);
  const notify: Notify = (message, tone) => show(message, tone === "error" ? 6000 : 5000, tone);
  const { isBusy, run } = useChange<"toggle">(notify);

  const toggle = () => {
    const next = !on;
    run("toggle", () => setClientTwoFactorRequirementAction({ clientId, required: next }), {
      done: (data) => {
        setOn(data.required);
        return data.required
          ? `${company}'s users must now use two-factor sign-in.`
          : `Two-factor sign-in is optional again for ${company}.`;
      },
    });
  };

  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={`Require 2FA for ${company}`}
        title="Require two-factor sign-in for this client's users"
        disabled={isBusy}
        onClick={toggle}
        className="inline-flex min-h-6 items-center gap-2 rounded-md px-1 text-xs text-muted hover:text-foreground disabled:opacity-60"
      >
        <span
          className={cn("relative inline-block h-5 w-9 rounded-full transition-colors", on ? "bg-accent-strong" : "bg-slate-700")}
          aria-hidden
        >
          <span className={cn("absolute top-0.5 h-4 w-4 rounded-full bg-white transition-all", on ? "left-[1.125rem]" : "left-0.5")} />
        </span>
        <span className="whitespace-nowrap">Require 2FA</span>
      </button>
      {enabled ? (
        <Button
          variant="ghost"
          onClick={() => setConfirming(true)}
          aria-label={`Reset 2FA of ${company}`}
          title="Reset the owner's two-factor sign-in"
          size="xs"
        >
          <RotateCcw className="h-3.5 w-3.5" aria-hidden />
          <span className="whitespace-nowrap">Reset 2FA</span>
        </Button>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={`Reset two-factor of ${company}?`}
          description="This turns off their two-factor sign-in, deletes their authenticator secret and backup codes, and signs them out everywhere. They are e-mailed."
          confirmLabel="Reset two-factor"
          busyLabel="Resetting..."
          send={() => resetClientTwoFactorAction({ clientId })}
          onClose={() => setConfirming(false)}
          onDone={() => show(`Two-factor sign-in of ${company}'s user was reset. They have been e-mailed.`, 5000, "success")}
        />
      ) : null}
      <Toast toast={toast} />
    </div>
  );
}
