"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { useChange } from "@/components/ui/use-change";
import { formatDate } from "@/lib/format";
import { SHARE_ITEM_KIND_LABELS } from "@/lib/domain/share";
import { setSharingForbiddenAction } from "@/features/sharing/actions/admin";
import type { FirmSharedDeliverable } from "@/features/sharing/server";

/**
 * The firm's view of a company's sharing (docs/PRODUCT.md#sharing-with-third-parties): which of its
 * deliverables were shared, in how many shares, with how many parties (never who), and per engagement
 * whether sharing is allowed at all.
 */
export function ClientSharingCard({
  company,
  deliverables,
  engagements,
}: {
  company: string;
  deliverables: FirmSharedDeliverable[];
  engagements: { id: string; name: string; forbidden: boolean }[];
}) {
  const [message, setMessage] = useState<{ text: string; tone: "success" | "error" } | null>(null);
  const { isBusy, run } = useChange((text, tone) => setMessage({ text, tone }));
  return (
    <Card role="region" aria-labelledby="client-sharing-heading">
      <h2 id="client-sharing-heading" className="text-lg font-semibold">
        Sharing with third parties
      </h2>
      <p className="mt-1 text-sm text-muted">
        What {company} shared of our deliverables, and with how many parties. Who they are is theirs to see.
      </p>
      {message ? (
        <Alert tone={message.tone} className="mt-3">
          {message.text}
        </Alert>
      ) : null}
      {deliverables.length === 0 ? (
        <p className="mt-3 text-sm text-muted">Nothing shared yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-800 text-sm" aria-label="Shared deliverables">
          {deliverables.map((d) => (
            <li key={`${d.kind}:${d.label}`} className="py-2">
              <p className="font-medium break-words">{d.label}</p>
              <p className="text-muted">
                {SHARE_ITEM_KIND_LABELS[d.kind]} · {d.shares} {d.shares === 1 ? "share" : "shares"} · {d.parties}{" "}
                {d.parties === 1 ? "party" : "parties"} · last {formatDate(d.lastSharedAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {engagements.length ? (
        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-slate-200">Engagements whose documents may be shared</legend>
          <div className="mt-2 space-y-2">
            {engagements.map((e) => (
              <label key={e.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={!e.forbidden}
                  disabled={isBusy}
                  onChange={(event) => {
                    const forbidden = !event.target.checked;
                    run(e.id, () => setSharingForbiddenAction({ projectId: e.id, forbidden }), {
                      done: () =>
                        forbidden ? `Sharing ${e.name}'s documents is now forbidden.` : `${e.name}'s documents may be shared again.`,
                    });
                  }}
                />
                {e.name}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
    </Card>
  );
}
