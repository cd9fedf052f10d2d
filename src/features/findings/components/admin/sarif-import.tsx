"use client";

import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { routeChange, useChange } from "@/components/ui/use-change";
import { apiFetch } from "@/lib/api-client";
import { SARIF_MAX_BYTES } from "@/features/findings/validation";

/** Imports a SARIF 2.1.0 file into the engagement: each result a draft (docs/PRODUCT.md#admin-findings). */
export function SarifImport({ projectId }: { projectId: string }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const { busy, run } = useChange<"import">((text, tone) => setMessage({ tone, text }));
  const submit = () => {
    setMessage(null);
    if (!file) return setMessage({ tone: "error", text: "Choose a SARIF file" });
    if (file.size > SARIF_MAX_BYTES) return setMessage({ tone: "error", text: "The SARIF file is too large. The maximum is 5MB." });
    run(
      "import",
      async () =>
        routeChange(
          apiFetch<{ imported: number }>("/api/admin/findings/import", {
            method: "POST",
            json: { projectId, sarif: await file.text() },
          }),
        ),
      { done: ({ imported }) => `Imported ${imported} draft finding${imported === 1 ? "" : "s"}` },
    );
  };
  return (
    <div className="space-y-3">
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div className="flex flex-wrap items-end gap-3">
        <label htmlFor={id} className="text-sm">
          <span className="mb-1 block text-muted">SARIF 2.1.0 file</span>
          <input
            id={id}
            type="file"
            accept=".sarif,.json,application/json"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="max-w-full text-sm"
          />
        </label>
        <Button onClick={submit} disabled={busy !== null}>
          {busy ? "Importing..." : "Import SARIF"}
        </Button>
      </div>
    </div>
  );
}
