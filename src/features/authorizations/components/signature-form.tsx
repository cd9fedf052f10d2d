"use client";

import { PenLine } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { type Notify, useChange } from "@/components/ui/use-change";
import { FreshFactorPrompt } from "@/features/identity/components/fresh-factor-prompt";
import { useSignature } from "./use-signature";

type Props = {
  /** The sign or countersign route of the version. */
  url: string;
  /** The hash of the text the signer reads: a version changed since is refused. */
  documentHash: string;
  /** The client's signature adds the entitlement statement; the firm's counter-signature has none. */
  side: "client" | "firm";
  /** What the change says once signed. */
  done: (signed: { signedAt: string; sealed?: boolean }) => string;
  /** Where the outcome is shown: above the card, which outlives this form once the version is signed. */
  notify: Notify;
};

const ENTITLED = "I am entitled to authorise testing of these assets";

/**
 * Signing a version (docs/PRODUCT.md#engagement-authorization): the full name typed, for the
 * client the entitlement statement ticked, then a fresh second factor or the password when the
 * server asks for it.
 */
export function SignatureForm({ url, documentHash, side, done, notify }: Props) {
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [fullName, setFullName] = useState("");
  const [entitled, setEntitled] = useState(false);
  const { isBusy, run } = useChange(notify);
  const { asking, proofError, sign } = useSignature(run, { url, done, onFieldErrors: setFieldErrors });
  const nameId = useId();
  const entitledId = useId();
  const body = () => (side === "client" ? { fullName, entitled, documentHash } : { fullName, documentHash });
  const label = side === "client" ? "Sign the authorization" : "Counter-sign";
  const pending = isBusy;

  return (
    <div className="space-y-3 rounded-md border border-border p-3">
      <form
        className="space-y-3"
        noValidate
        aria-label={label}
        onSubmit={(event) => {
          event.preventDefault();
          setFieldErrors({});
          sign(body());
        }}
      >
        <Field id={nameId} label="Your full name" error={fieldErrors.fullName}>
          <Input
            {...fieldAria(nameId, fieldErrors.fullName)}
            value={fullName}
            maxLength={200}
            autoComplete="name"
            onChange={(event) => setFullName(event.target.value)}
          />
        </Field>
        {side === "client" ? (
          <div>
            <label htmlFor={entitledId} className="flex items-start gap-2 text-sm">
              <input
                id={entitledId}
                type="checkbox"
                className="mt-1"
                checked={entitled}
                aria-invalid={fieldErrors.entitled ? true : undefined}
                aria-describedby={fieldErrors.entitled ? `${entitledId}-error` : undefined}
                onChange={(event) => setEntitled(event.target.checked)}
              />
              {ENTITLED}
            </label>
            {fieldErrors.entitled ? (
              <p id={`${entitledId}-error`} className="mt-1 text-xs text-red-400" role="alert">
                {fieldErrors.entitled}
              </p>
            ) : null}
          </div>
        ) : null}
        {asking ? null : (
          <Button type="submit" disabled={pending}>
            <PenLine className="h-4 w-4" aria-hidden />
            {pending ? "Signing..." : label}
          </Button>
        )}
      </form>
      {asking ? (
        <FreshFactorPrompt
          ask={asking}
          busy={pending}
          error={proofError}
          submitLabel={pending ? "Signing..." : "Confirm and sign"}
          onCode={(code) => sign(body(), { code })}
          onPassword={(password) => sign(body(), { password })}
          onPasskey={() => sign(body(), { passkey: true })}
        />
      ) : null}
    </div>
  );
}
