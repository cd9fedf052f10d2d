"use client";

import { KeyRound } from "lucide-react";
import { useState } from "react";
import { confirmPasskeyAction, listPasskeysAction, removePasskeyAction, renamePasskeyAction } from "@/features/identity/actions/account";
import { ReadStatus } from "@/components/ui/read-status";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/field";
import { Toast, useToast } from "@/components/ui/toast";
import { useReadOnShow } from "@/components/ui/use-read-on-show";
import { type ChangeResult, useChange } from "@/components/ui/use-change";
import { freshFactorAskOf } from "@/features/identity/components/fresh-factor-prompt";
import { ApiError } from "@/lib/api-client";
import { RelativeTime } from "@/components/ui/relative-time";
import { passkeyErrorMessage } from "@/lib/passkey-errors";
import { describeUserAgent } from "@/lib/user-agent";
import type { AccountPasskey } from "@/features/identity/server";
import { registerPasskey } from "@/features/identity/components/passkey-ceremony";
import { useStepUp } from "@/features/identity/components/use-step-up";

const date = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/**
 * "Passkeys" on portal Settings and the admin Account page (docs/PRODUCT.md#passkeys): the
 * account's passkeys with their name, when each was added and last used; Add (the browser's own
 * ceremony), Rename and Remove; adding and removing first ask for a fresh proof when the server
 * does (useStepUp). The list is read with the account action when the card shows.
 */
export function PasskeysCard() {
  const { toast, show } = useToast();
  const {
    data: passkeys,
    error,
    reload,
  } = useReadOnShow("", () => listPasskeysAction({}), "Could not load your passkeys. Please reload the page.");
  const { isBusy, running, run } = useChange<"add" | "rename" | "remove" | "confirm">((message, tone) =>
    show(message, tone === "error" ? 6000 : 4000, tone),
  );
  const stepUp = useStepUp();
  const [renaming, setRenaming] = useState<{ id: string; name: string; error?: string } | null>(null);
  const [removing, setRemoving] = useState<AccountPasskey | null>(null);
  const [confirming, setConfirming] = useState<{ passkey: AccountPasskey; password: string; error?: string } | null>(null);
  /** A change, then the list read again: the new list and the message show together, before the busy state ends. */
  const withReload = async <T,>(change: Promise<ChangeResult<T>>, always = false): Promise<ChangeResult<T>> => {
    const result = await change;
    if (result.success || always) await reload();
    return result;
  };

  // The list is the card's own (read when it shows): nothing else on the page changes.
  const add = (): void =>
    run(
      "add",
      () =>
        withReload(
          registerPasskey(describeUserAgent(navigator.userAgent)).then(
            () => ({ success: true as const, data: null }),
            (failure: unknown) =>
              // A step-up prompt (the server asks for a fresh proof first), else the browser's
              // ceremony or the server refused. A cancelled ceremony has no message: the person chose to stop.
              failure instanceof ApiError && freshFactorAskOf(failure)
                ? { success: false as const, error: failure.message, code: failure.code, fieldErrors: failure.fieldErrors }
                : { success: false as const, error: passkeyErrorMessage(failure, "register") ?? "" },
          ),
        ),
      {
        done: () => "The passkey was added. You can now sign in with it.",
        refused: (refusal) => stepUp.ask(refusal, add) || refusal.error === "",
        refresh: false,
      },
    );

  const saveName = () =>
    renaming &&
    run("rename", () => withReload(renamePasskeyAction({ passkeyId: renaming.id, name: renaming.name })), {
      done: () => {
        setRenaming(null);
        return "The passkey was renamed.";
      },
      refused: (refusal) => {
        setRenaming({ ...renaming, error: refusal.fieldErrors?.name ?? refusal.error });
        return true;
      },
      refresh: false,
    });

  const remove = (target: AccountPasskey): void =>
    run("remove", () => withReload(removePasskeyAction({ passkeyId: target.id }), true), {
      done: () => {
        setRemoving(null);
        return "The passkey was removed. It no longer signs you in.";
      },
      refused: (refusal) => {
        setRemoving(null);
        // Removing asks for a fresh proof first; after it the removal runs again.
        return stepUp.ask(refusal, () => remove(target));
      },
      refresh: false,
    });

  const confirm = () =>
    confirming &&
    run("confirm", () => withReload(confirmPasskeyAction({ passkeyId: confirming.passkey.id, password: confirming.password })), {
      done: () => {
        setConfirming(null);
        return "The passkey was confirmed. It signs you in again.";
      },
      refused: (refusal) => {
        setConfirming({ ...confirming, error: refusal.fieldErrors?.password ?? refusal.error });
        return true;
      },
      refresh: false,
    });

  return (
    <Card className="max-w-2xl" id="passkeys">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <KeyRound className="h-5 w-5 text-accent" aria-hidden />
          Passkeys
        </h2>
        <Button size="sm" variant="secondary" disabled={isBusy} onClick={add}>
          Add a passkey
        </Button>
      </div>
      <p className="mt-1 text-sm text-muted">
        Sign in with your fingerprint, face or device PIN instead of a password. A passkey sign-in counts as two-factor.
      </p>
      <ReadStatus error={error} loading={passkeys === null} loadingText="Loading passkeys..." />
      {passkeys?.length === 0 ? <p className="mt-4 text-sm text-muted">No passkeys yet.</p> : null}
      {passkeys && passkeys.length > 0 ? (
        <ul aria-label="Passkeys" className="mt-4 divide-y divide-slate-800">
          {passkeys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm">
              {renaming?.id === p.id ? (
                <form
                  className="flex min-w-0 flex-1 flex-wrap items-start gap-2"
                  onSubmit={(event) => {
                    event.preventDefault();
                    void saveName();
                  }}
                >
                  <div className="min-w-0 flex-1">
                    <Input
                      aria-label={`New name for ${p.name}`}
                      value={renaming.name}
                      maxLength={60}
                      aria-invalid={renaming.error ? true : undefined}
                      aria-describedby={renaming.error ? `passkey-name-error-${p.id}` : undefined}
                      onChange={(event) => setRenaming({ id: p.id, name: event.target.value })}
                    />
                    {renaming.error ? (
                      <p id={`passkey-name-error-${p.id}`} className="mt-1 text-xs text-red-300">
                        {renaming.error}
                      </p>
                    ) : null}
                  </div>
                  <Button size="sm" type="submit" disabled={isBusy}>
                    Save
                  </Button>
                  <Button size="sm" variant="ghost" disabled={isBusy} onClick={() => setRenaming(null)}>
                    Cancel
                  </Button>
                </form>
              ) : (
                <>
                  <div className="min-w-0">
                    <p className="break-words font-medium">{p.name}</p>
                    <p className="text-xs text-muted">
                      Added {date.format(new Date(p.createdAt))} ·{" "}
                      {p.lastUsedAt ? <RelativeTime value={p.lastUsedAt} prefix="Last used " /> : "Never used"}
                    </p>
                    {p.needsConfirmation ? (
                      <p className="mt-1 text-xs text-amber-300">
                        On hold since your two-factor sign-in was reset: confirm it if it is yours, or remove it.
                      </p>
                    ) : null}
                  </div>
                  <div className="flex gap-1">
                    {p.needsConfirmation ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={isBusy}
                        aria-label={`Confirm ${p.name}`}
                        onClick={() => setConfirming({ passkey: p, password: "" })}
                      >
                        Confirm
                      </Button>
                    ) : null}
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={isBusy}
                      aria-label={`Rename ${p.name}`}
                      onClick={() => setRenaming({ id: p.id, name: p.name })}
                    >
                      Rename
                    </Button>
                    <Button size="sm" variant="ghost" disabled={isBusy} aria-label={`Remove ${p.name}`} onClick={() => setRemoving(p)}>
                      Remove
                    </Button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <Dialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing?.name ?? "passkey"}?`}
        description="It will no longer sign you in. The passkey may stay on your device until you delete it there."
        width="md"
      >
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setRemoving(null)}>
            Cancel
          </Button>
          <Button variant="danger" disabled={isBusy} onClick={() => removing && remove(removing)}>
            Remove passkey
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Confirm ${confirming?.passkey.name ?? "passkey"}?`}
        description="Enter your password to confirm this passkey is yours. It will sign you in again."
        width="md"
      >
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <div>
            <Input
              type="password"
              autoComplete="current-password"
              aria-label="Current password"
              value={confirming?.password ?? ""}
              aria-invalid={confirming?.error ? true : undefined}
              aria-describedby={confirming?.error ? "passkey-confirm-error" : undefined}
              onChange={(event) => confirming && setConfirming({ passkey: confirming.passkey, password: event.target.value })}
            />
            {confirming?.error ? (
              <p id="passkey-confirm-error" className="mt-1 text-xs text-red-300">
                {confirming.error}
              </p>
            ) : null}
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isBusy}>
              {running === "confirm" ? "Confirming..." : "Confirm passkey"}
            </Button>
          </div>
        </form>
      </Dialog>
      {stepUp.dialog}
      <Toast toast={toast} />
    </Card>
  );
}
