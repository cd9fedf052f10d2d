"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { saveBlob } from "@/lib/save-blob";

/** The 10 backup codes, shown this once, with Copy and Download (docs/PRODUCT.md#sign-in-two-factor). */
export function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `Sentinel AI Security backup codes (each works once)\n\n${codes.join("\n")}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const download = () => saveBlob(new Blob([text], { type: "text/plain" }), "sentinel-backup-codes.txt");

  return (
    <div className="mt-4 space-y-4">
      <Alert tone="info">
        Save these backup codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.
      </Alert>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} data-testid="backup-code" className="rounded bg-slate-900 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={copy}>
          {copied ? "Copied" : "Copy"}
          <span className="sr-only"> the backup codes</span>
        </Button>
        <Button variant="secondary" onClick={download}>
          Download<span className="sr-only"> the backup codes</span>
        </Button>
        <Button onClick={onDone}>I saved my codes</Button>
      </div>
    </div>
  );
}
