"use client";

import { useState } from "react";
import { confirmStepUpAction } from "@/features/identity/actions/step-up";
import { FreshFactorPrompt, type FreshFactorAsk, freshFactorAskOf } from "@/features/identity/components/fresh-factor-prompt";
import { Dialog } from "@/components/ui/dialog";
import { GENERIC_ERROR } from "@/lib/messages";
import { PASSKEY_MESSAGES, passkeyErrorMessage } from "@/lib/passkey-errors";
import { passkeyAnswer } from "./passkey-ceremony";

type Pending = { ask: FreshFactorAsk; retry: () => void };

/**
 * The step-up before an authenticator change (docs/PRODUCT.md#passkeys): when a change is refused
 * with a step-up prompt, `ask` opens a dialog asking for what the server named (the app's code, a
 * passkey, or the password); the accepted proof makes the session fresh and the change runs again.
 */
export function useStepUp(description = "Changing how you sign in needs a fresh proof that it is you.") {
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** True when the refusal is a step-up prompt (the dialog opens, and `retry` runs after the proof). */
  const ask = (refusal: { code?: string; fieldErrors?: Record<string, string> }, retry: () => void): boolean => {
    const asked = freshFactorAskOf(refusal);
    if (!asked) return false;
    setError(null);
    setPending({ ask: asked, retry });
    return true;
  };

  const prove = async (field: keyof FreshFactorAsk, proof: () => Promise<Parameters<typeof confirmStepUpAction>[0]>) => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      const result = await confirmStepUpAction(await proof());
      if (result.success) {
        setPending(null);
        pending.retry();
      } else setError(result.fieldErrors?.[field] ?? (result.error || GENERIC_ERROR));
    } catch (failure) {
      // The browser's passkey ceremony failed (cancelled, no passkey) or the action could not be sent.
      setError(field === "passkey" ? (passkeyErrorMessage(failure, "sign-in") ?? PASSKEY_MESSAGES.cancelled) : GENERIC_ERROR);
    } finally {
      setBusy(false);
    }
  };

  const dialog = (
    <Dialog
      open={pending !== null}
      onOpenChange={(open) => !open && setPending(null)}
      title="Confirm it is you"
      description={description}
      width="md"
    >
      {pending ? (
        <FreshFactorPrompt
          ask={pending.ask}
          busy={busy}
          error={error}
          submitLabel="Confirm"
          onCode={(code) => void prove("code", async () => ({ code }))}
          onPassword={(password) => void prove("password", async () => ({ password }))}
          onPasskey={() => void prove("passkey", async () => ({ passkey: await passkeyAnswer() }))}
        />
      ) : null}
    </Dialog>
  );

  return { ask, dialog };
}
