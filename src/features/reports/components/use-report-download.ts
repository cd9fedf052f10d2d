"use client";

import { useState } from "react";
import { routeChange, type useChange } from "@/components/ui/use-change";
import { ApiError, apiErrorOf, apiFetch } from "@/lib/api-client";
import { PASSKEY_MESSAGES, passkeyErrorMessage } from "@/lib/passkey-errors";
import { passkeyAnswer } from "@/features/account/components/passkey-ceremony";
import type { FreshFactorAsk } from "./fresh-factor-prompt";

type Download = { downloadUrl: string; filename: string };
/** The fresh second factor the server asked for, under one report: its own words for each way offered. */
type Asking = FreshFactorAsk & { reportId: string };
export type FreshFactorProof = { code: string } | { password: string } | { passkey: true };

/** Fetches the stamped copy behind the link and saves it (a blob behind a temporary <a download>). */
async function saveCopy({ downloadUrl, filename }: Download): Promise<void> {
  const file = await fetch(downloadUrl, { cache: "no-store" });
  if (!file.ok) throw await apiErrorOf(file);
  const url = URL.createObjectURL(await file.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** What the proof adds to the download request; a passkey ceremony failed in the browser is refused like a wrong proof. */
export async function proofBody(proof: FreshFactorProof | undefined): Promise<object> {
  if (!proof) return {};
  if ("code" in proof) return { code: proof.code };
  if ("password" in proof) return { password: proof.password };
  try {
    return { passkey: await passkeyAnswer() };
  } catch (failure) {
    const text = passkeyErrorMessage(failure, "sign-in") ?? PASSKEY_MESSAGES.cancelled;
    throw new ApiError(400, "bad_request", text, { passkey: text });
  }
}

/** The busy key of a report's download (beside its other changes, like a revocation). */
export const downloadKey = (reportId: string) => `download-${reportId}`;

/**
 * A report download behind a fresh second factor (docs/PRODUCT.md#portal-reports), for the portal's
 * vault and the admin's: the first try goes without proof; when the server asks, `asking` names the
 * report and the ways it offered (shown by FreshFactorPrompt), and `download` again with a code, a
 * passkey or the password retries. The saved file is the copy stamped for the person.
 */
export function useReportDownload(
  run: ReturnType<typeof useChange<string>>["run"],
  { urlOf, done }: { urlOf: (reportId: string) => string; done: () => void },
) {
  const [asking, setAsking] = useState<Asking | null>(null);
  const [proofError, setProofError] = useState<string | null>(null);

  const download = (reportId: string, proof?: FreshFactorProof) => {
    setProofError(null);
    run(
      downloadKey(reportId),
      () =>
        routeChange(
          (async () => {
            const link = await apiFetch<Download>(urlOf(reportId), { method: "POST", json: await proofBody(proof) });
            await saveCopy(link);
            return link;
          })(),
        ),
      {
        refresh: false,
        done: () => {
          setAsking(null);
          done();
        },
        refused: (refusal) => {
          const asked = refusal.fieldErrors;
          if (!asked?.code && !asked?.passkey && !asked?.password) return false;
          // A refused proof keeps the ways offered before and shows why under the prompt.
          const field = proof ? ("code" in proof ? "code" : "password" in proof ? "password" : "passkey") : null;
          if (field) setProofError(asked[field] ?? refusal.error);
          else setAsking({ reportId, code: asked.code, passkey: asked.passkey, password: asked.password });
          return true;
        },
      },
    );
  };

  return { asking, proofError, download };
}
