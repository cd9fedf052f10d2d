"use client";

import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { saveSignedDownload } from "@/components/ui/signed-download";
import { useChange } from "@/components/ui/use-change";
import { formatFileSize } from "@/lib/format";

export type EvidenceItem = { id: string; name: string; fileSize: number };

/** A finding's evidence files, each downloaded through a one-minute signed link from `api` (the side's route). */
export function EvidenceList({
  items,
  api,
}: {
  items: EvidenceItem[];
  api: "/api/client/findings/evidence" | "/api/admin/findings/evidence";
}) {
  const [error, setError] = useState<string | null>(null);
  const { isBusy, running, run } = useChange((message) => setError(message));
  if (items.length === 0) return <p className="text-sm text-muted">No evidence attached.</p>;
  return (
    <div className="space-y-2">
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <ul className="space-y-2" aria-label="Evidence">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-800 p-2 text-sm">
            <span className="min-w-0 break-all">
              {item.name} <span className="text-muted">({formatFileSize(item.fileSize)})</span>
            </span>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Download ${item.name}`}
              disabled={isBusy}
              onClick={() => {
                setError(null);
                // Nothing on the page changes with a download (evidence downloads are not listed): no refresh.
                run(
                  item.id,
                  async () => {
                    const failure = await saveSignedDownload(`${api}/${item.id}`, {
                      defaultName: item.name,
                      fallbackError: "Failed to download the file. Please try again.",
                    });
                    return failure ? { success: false, error: failure } : { success: true, data: null };
                  },
                  { refresh: false },
                );
              }}
            >
              <Download className="h-4 w-4" aria-hidden /> {running === item.id ? "Downloading..." : "Download"}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
