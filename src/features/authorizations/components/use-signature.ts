"use client";

import { useState } from "react";
import { type ChangeRefusal, routeChange, type useChange } from "@/components/ui/use-change";
import { apiFetch } from "@/lib/api-client";
import { type FreshFactorAsk, freshFactorAskOf } from "@/features/identity/components/fresh-factor-prompt";
import { type FreshFactorProof, proofBody } from "@/features/identity/components/fresh-factor-proof";

type Signed = { signedAt: string; sealed?: boolean };

/**
 * A signature behind the vault's step-up (docs/PRODUCT.md#engagement-authorization): the first
 * press sends the typed name without proof; when the server asks for a fresh second factor (or the
 * password), `asking` holds the ways it offered (shown by FreshFactorPrompt) and `sign` again with
 * the proof retries. A field's refusal (the name, the statement) goes to `onFieldErrors`.
 */
export function useSignature(
  run: ReturnType<typeof useChange<string>>["run"],
  { url, done, onFieldErrors }: { url: string; done: (signed: Signed) => string; onFieldErrors: (errors: Record<string, string>) => void },
) {
  const [asking, setAsking] = useState<FreshFactorAsk | null>(null);
  const [proofError, setProofError] = useState<string | null>(null);

  const refused = (proof: FreshFactorProof | undefined) => (refusal: ChangeRefusal) => {
    const field = proof ? ("code" in proof ? "code" : "password" in proof ? "password" : "passkey") : null;
    // A refused proof keeps the prompt and says why under it.
    const proofRefusal = field ? refusal.fieldErrors?.[field] : undefined;
    if (proofRefusal) {
      setProofError(proofRefusal);
      return true;
    }
    const ask = freshFactorAskOf(refusal);
    if (ask) {
      setAsking(ask);
      return true;
    }
    if (refusal.fieldErrors && Object.keys(refusal.fieldErrors).length > 0) {
      onFieldErrors(refusal.fieldErrors);
      return !refusal.error;
    }
    return false;
  };

  const sign = (body: Record<string, unknown>, proof?: FreshFactorProof) => {
    setProofError(null);
    run(
      "sign",
      () => routeChange((async () => apiFetch<Signed>(url, { method: "POST", json: { ...body, ...(await proofBody(proof)) } }))()),
      {
        refused: refused(proof),
        done: (signed) => {
          setAsking(null);
          return done(signed);
        },
      },
    );
  };

  return { asking, proofError, sign };
}
