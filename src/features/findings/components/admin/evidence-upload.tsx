"use client";

import { FileInput } from "@/components/ui/field";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { routeChange, useChange } from "@/components/ui/use-change";
import { apiFetch } from "@/lib/api-client";

/** Attaches an evidence file to a finding (the documents' types and 50 MB limit, checked on the server). */
export function EvidenceUpload({ findingId }: { findingId: string }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const { isBusy, run } = useChange<"upload">((text, tone) => setMessage({ tone, text }));
  const submit = () => {
    setMessage(null);
    if (!file) return setMessage({ tone: "error", text: "Please choose a file" });
    const body = new FormData();
    body.set("file", file);
    run("upload", () => routeChange(apiFetch(`/api/admin/findings/${findingId}/evidence`, { method: "POST", body })), {
      done: () => "Evidence attached",
    });
  };
  return (
    <div className="space-y-3">
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div className="flex flex-wrap items-end gap-3">
        <label htmlFor={id} className="text-sm">
          <span className="mb-1 block text-muted">Evidence file (PDF, Office, PNG or JPEG; up to 50 MB)</span>
          <FileInput id={id} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <Button onClick={submit} disabled={isBusy}>
          {isBusy ? "Uploading..." : "Attach evidence"}
        </Button>
      </div>
    </div>
  );
}
