"use client";

import { Share2 } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { type ChangeResult, useChange } from "@/components/ui/use-change";
import { formatDate, formatDateTime } from "@/lib/format";
import { SHARE_MODE_LABELS, SHARE_NDA_KIND_LABELS } from "@/lib/domain/share";
import {
  extendShareAction,
  resendShareLinkAction,
  revokeShareAction,
  revokeShareRecipientAction,
  setMembersMayShareAction,
} from "@/features/sharing/actions/portal";
import type { ShareableItem, ShareRoomShare } from "@/features/sharing/server";
import { NewShareForm } from "./new-share-form";
import { ShareActivity } from "./share-activity";
import { useOlderShares } from "./use-older-shares";

const stateOf = (share: ShareRoomShare) =>
  share.revokedAt ? "Revoked" : new Date(share.expiresAt) <= new Date() ? "Expired" : `Open until ${formatDate(share.expiresAt)}`;

/**
 * The owners' share room (docs/PRODUCT.md#sharing-with-third-parties): each share with its items,
 * recipients, NDA acceptances, views and downloads and expiry; share, revoke, extend, resend. A
 * member the owners let share sees their own shares and shares, without the owners' controls.
 */
export function ShareRoomCard({
  shares: firstPage,
  next,
  shareable,
  membersMayShare,
  isOwner,
  readOnly,
}: {
  shares: ShareRoomShare[];
  /** The last share of the first page when older ones follow. */
  next: string | null;
  shareable: ShareableItem[];
  membersMayShare: boolean;
  isOwner: boolean;
  readOnly: boolean;
}) {
  // Revoking, extending, resending and who may share are the owners' decisions.
  const controls = isOwner && !readOnly;
  const [creating, setCreating] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: "success" | "error" } | null>(null);
  const { isBusy, run: runChange } = useChange((text, tone) => setMessage({ text, tone }));
  const older = useOlderShares(next);
  const shares = [...firstPage, ...older.older.filter((share) => !firstPage.some((shown) => shown.id === share.id))];
  // The first page is the server's and refreshes itself; older pages shown are read again.
  const run = <T,>(key: string, send: () => Promise<ChangeResult<T>>, said: string) =>
    runChange(key, send, {
      done: () => {
        void older.reread();
        return said;
      },
    });
  return (
    <Card role="region" aria-labelledby="share-room-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="share-room-heading" className="flex items-center gap-2 text-lg font-semibold">
            <Share2 className="h-5 w-5 text-accent" aria-hidden /> Share room
          </h2>
          <p className="mt-1 text-sm text-muted">
            Share reports and attestation letters with your auditors and customers. Each recipient signs in by a mailed link, accepts your
            NDA, and gets copies stamped with their name, each with a code anyone can check.
          </p>
          {isOwner ? null : (
            <p className="mt-1 text-sm text-muted">Your shares are listed here; an owner of your company can extend or revoke them.</p>
          )}
        </div>
        {readOnly ? null : (
          <Button size="sm" onClick={() => setCreating(true)}>
            Share documents
          </Button>
        )}
      </div>
      {message ? (
        <Alert tone={message.tone} className="mt-4">
          {message.text}
        </Alert>
      ) : null}
      {!controls ? null : (
        <label className="mt-4 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={membersMayShare}
            disabled={isBusy}
            onChange={(e) => {
              const allowed = e.target.checked;
              run(
                "members",
                () => setMembersMayShareAction({ allowed }),
                allowed ? "Members may now share." : "Only owners may share now.",
              );
            }}
          />
          Members may share documents too
        </label>
      )}
      {shares.length === 0 ? (
        <p className="mt-4 text-sm text-muted">Nothing shared yet.</p>
      ) : (
        <ul className="mt-4 space-y-4" aria-label="Shares">
          {shares.map((share) => (
            <li key={share.id} className="rounded-md border border-border p-4 text-sm" data-testid="share">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium break-words">{share.items.map((i) => i.label).join(", ")}</p>
                  <p className="text-muted">
                    {SHARE_MODE_LABELS[share.mode]} · {SHARE_NDA_KIND_LABELS[share.ndaKind]} · by {share.createdBy} on{" "}
                    {formatDate(share.createdAt)} · <span data-testid="share-state">{stateOf(share)}</span>
                  </p>
                </div>
                {!controls || share.revokedAt ? null : (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={isBusy}
                      onClick={() =>
                        run("extend", () => extendShareAction({ shareId: share.id, days: 30 }), "Extended by 30 days from today.")
                      }
                    >
                      Extend 30 days
                    </Button>
                    <Button
                      variant="danger"
                      size="sm"
                      disabled={isBusy}
                      onClick={() =>
                        run("revoke", () => revokeShareAction({ shareId: share.id }), "Share revoked: its links and sessions ended.")
                      }
                    >
                      Revoke share
                    </Button>
                  </div>
                )}
              </div>
              <ul className="mt-3 divide-y divide-slate-800" aria-label="Recipients">
                {share.recipients.map((r) => (
                  <li key={r.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
                    <div className="min-w-0">
                      <p className="break-all">
                        {r.name ? `${r.name} ` : ""}&lt;{r.email}&gt;{r.revokedAt ? " · revoked" : ""}
                      </p>
                      <p className="text-muted">
                        {share.ndaKind === "none"
                          ? "No NDA"
                          : r.ndaAcceptedAt
                            ? `NDA accepted by ${r.ndaName} on ${formatDateTime(r.ndaAcceptedAt)}`
                            : "NDA not accepted yet"}{" "}
                        · {r.views} page views · {r.downloads} downloads{r.lastSeenAt ? ` · last seen ${formatDateTime(r.lastSeenAt)}` : ""}
                      </p>
                    </div>
                    {!controls || share.revokedAt || r.revokedAt ? null : (
                      <div className="flex gap-2">
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={isBusy}
                          onClick={() =>
                            run("resend", () => resendShareLinkAction({ recipientId: r.id }), `A new link was sent to ${r.email}.`)
                          }
                        >
                          Resend link
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={isBusy}
                          onClick={() =>
                            run(
                              "revoke-recipient",
                              () => revokeShareRecipientAction({ recipientId: r.id }),
                              `${r.email} no longer has access.`,
                            )
                          }
                        >
                          Revoke
                        </Button>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
              <ShareActivity share={share} />
            </li>
          ))}
        </ul>
      )}
      {older.error ? (
        <Alert tone="error" className="mt-4">
          {older.error}
        </Alert>
      ) : null}
      {older.hasMore ? (
        <Button variant="secondary" size="sm" className="mt-4" disabled={older.loading} onClick={() => void older.more()}>
          {older.loading ? "Loading..." : "Show older shares"}
        </Button>
      ) : null}
      {creating ? (
        <Dialog
          open
          onOpenChange={(open) => !open && setCreating(false)}
          title="Share documents"
          description="Recipients get a sign-in link by e-mail."
          width="2xl"
        >
          <NewShareForm
            shareable={shareable}
            onDone={() => {
              setCreating(false);
              setMessage({ text: "Shared: each recipient was sent a sign-in link.", tone: "success" });
            }}
          />
        </Dialog>
      ) : null}
    </Card>
  );
}
