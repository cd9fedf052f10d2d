"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { routeChange, useChange } from "@/components/ui/use-change";
import { apiFetch } from "@/lib/api-client";
import { saveBlob } from "@/lib/save-blob";
import { type FreshFactorAsk, FreshFactorPrompt } from "@/features/identity/components/fresh-factor-prompt";
import { type FreshFactorProof, proofBody } from "@/features/identity/components/fresh-factor-proof";

type Reproducer = { filename: string; content: string; signatureFilename: string; signature: string };

/**
 * An owner downloads the finding's reproducer (docs/PRODUCT.md#measured-ai-findings) behind the
 * fresh proof the report vault asks for, in place: the promptfoo file and its detached signature.
 */
export function ReproducerDownload({ findingId }: { findingId: string }) {
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const { run, running } = useChange<"reproducer">((text, tone) => setMessage({ tone, text }));
  const [asking, setAsking] = useState<FreshFactorAsk | null>(null);
  const [proofError, setProofError] = useState<string | null>(null);

  const download = (proof?: FreshFactorProof) => {
    setProofError(null);
    run(
      "reproducer",
      () =>
        routeChange(
          (async () => {
            const file = await apiFetch<Reproducer>(`/api/client/findings/${encodeURIComponent(findingId)}/reproducer`, {
              method: "POST",
              json: await proofBody(proof),
            });
            saveBlob(new Blob([file.content], { type: "application/yaml" }), file.filename);
            saveBlob(new Blob([file.signature], { type: "application/jose" }), file.signatureFilename);
            return file;
          })(),
        ),
      {
        refresh: false,
        done: () => {
          setAsking(null);
          return "Reproducer saved with its signature (.jws)";
        },
        refused: (refusal) => {
          const asked = refusal.fieldErrors;
          if (!asked?.code && !asked?.passkey && !asked?.password && !asked?.identityProvider) return false;
          const field = proof ? ("code" in proof ? "code" : "password" in proof ? "password" : "passkey") : null;
          if (field) setProofError(asked[field] ?? refusal.error);
          else setAsking({ code: asked.code, passkey: asked.passkey, password: asked.password, identityProvider: asked.identityProvider });
          return true;
        },
      },
    );
  };

  return (
    <div className="space-y-3">
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <Button variant="secondary" disabled={running === "reproducer"} onClick={() => download()}>
        {running === "reproducer" && !asking ? "Preparing..." : "Download reproducer"}
      </Button>
      {asking ? (
        <FreshFactorPrompt
          ask={asking}
          busy={running === "reproducer"}
          error={proofError}
          onCode={(code) => download({ code })}
          onPassword={(password) => download({ password })}
          onPasskey={() => download({ passkey: true })}
        />
      ) : null}
    </div>
  );
}
