"use client";

import { useState } from "react";
import { Card } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatDate, formatDateTime } from "@/lib/format";
import { revokeApiTokenAsFirmAction } from "@/features/api/actions/admin";
import type { ApiTokenRow } from "@/features/api/server";

/**
 * A company's API tokens on the firm's client page (docs/PRODUCT.md#api-and-webhooks): read only
 * (names, scopes, maker, last use), with an emergency Revoke that is audited and mailed to the owners.
 */
export function ClientApiTokensCard({ company, tokens }: { company: string; tokens: ApiTokenRow[] }) {
  const [revoking, setRevoking] = useState<ApiTokenRow | null>(null);
  return (
    <Card role="region" aria-labelledby="client-api-tokens-heading">
      <h2 id="client-api-tokens-heading" className="text-lg font-semibold">
        API tokens
      </h2>
      {tokens.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{company} has no API token.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-800 text-sm" aria-label={`API tokens of ${company}`}>
          {tokens.map((token) => (
            <li key={token.id} className="flex flex-wrap items-start justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="font-medium break-words">
                  {token.name} <span className="font-mono text-xs text-muted">{token.hint}</span>{" "}
                  <span className="text-muted">({token.state})</span>
                </p>
                <p className="text-muted">
                  {token.scopes.join(", ")} · made by {token.createdByName} on {formatDate(token.createdAt)} ·{" "}
                  {token.lastUsedAt
                    ? `last used ${formatDateTime(token.lastUsedAt)} from ${token.lastUsedAddress ?? "an unknown address"}`
                    : "never used"}
                </p>
              </div>
              {token.state === "active" ? (
                <Button variant="danger" size="sm" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
                  Revoke
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {revoking ? (
        <ConfirmDialog
          title="Revoke this API token?"
          description={`${revoking.name} of ${company} stops working at once. The owners are mailed that our team revoked it.`}
          confirmLabel="Revoke token"
          busyLabel="Revoking..."
          send={() => revokeApiTokenAsFirmAction({ tokenId: revoking.id })}
          onClose={() => setRevoking(null)}
          onDone={() => setRevoking(null)}
        />
      ) : null}
    </Card>
  );
}
