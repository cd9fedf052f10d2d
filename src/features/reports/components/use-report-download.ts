"use client";

import { useState } from "react";
import { routeChange, type useChange } from "@/components/ui/use-change";
import { apiErrorOf, apiFetch } from "@/lib/api-client";
import { saveBlob } from "@/lib/save-blob";
import type { FreshFactorAsk } from "@/features/identity/components/fresh-factor-prompt";
import { type FreshFactorProof, proofBody } from "@/features/identity/components/fresh-factor-proof";

type Download = { downloadUrl: string; filename: string };
/** The fresh second factor the server asked for, under one report: its own words for each way offered. */
type Asking = FreshFactorAsk & { reportId: string };

/** Fetches the stamped copy behind the link and saves it. */
async function saveCopy({ downloadUrl, filename }: Download): Promise<void> {
  const file = await fetch(downloadUrl, { cache: "no-store" });
  if (!file.ok) throw await apiErrorOf(file);
  saveBlob(await file.blob(), filename);
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
          if (!asked?.code && !asked?.passkey && !asked?.password && !asked?.identityProvider) return false;
          // A refused proof keeps the ways offered before and shows why under the prompt.
          const field = proof ? ("code" in proof ? "code" : "password" in proof ? "password" : "passkey") : null;
          if (field) setProofError(asked[field] ?? refusal.error);
          else setAsking({ reportId, ...asked });
          return true;
        },
      },
    );
  };

  return { asking, proofError, download };
}
