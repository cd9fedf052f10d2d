"use client";

import { Share2 } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { useChange } from "@/components/ui/use-change";
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

const stateOf = (share: ShareRoomShare) =>
  share.revokedAt ? "Revoked" : new Date(share.expiresAt) <= new Date() ? "Expired" : `Open until ${formatDate(share.expiresAt)}`;

/**
 * The owners' share room (docs/PRODUCT.md#sharing-with-third-parties): each share with its items,
 * recipients, NDA acceptances, views and downloads and expiry; share, revoke, extend, resend. A
 * member the owners let share sees their own shares and shares, without the owners' controls.
 */
export function ShareRoomCard({
  shares,
  shareable,
  membersMayShare,
  isOwner,
  readOnly,
}: {
  shares: ShareRoomShare[];
  shareable: ShareableItem[];
  membersMayShare: boolean;
  isOwner: boolean;
  readOnly: boolean;
}) {
  // Revoking, extending, resending and who may share are the owners' decisions.
  const controls = isOwner && !readOnly;
  const [creating, setCreating] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: "success" | "error" } | null>(null);
  const { isBusy, run } = useChange((text, tone) => setMessage({ text, tone }));
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
              run("members", () => setMembersMayShareAction({ allowed }), {
                done: () => (allowed ? "Members may now share." : "Only owners may share now."),
              });
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
                        run("extend", () => extendShareAction({ shareId: share.id, days: 30 }), {
                          done: () => "Extended by 30 days from today.",
                        })
                      }
                    >
                      Extend 30 days
                    </Button>
                    <Button
                      variant="danger"
                      size="sm"
                      disabled={isBusy}
                      onClick={() =>
                        run("revoke", () => revokeShareAction({ shareId: share.id }), {
                          done: () => "Share revoked: its links and sessions ended.",
                        })
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
                            run("resend", () => resendShareLinkAction({ recipientId: r.id }), {
                              done: () => `A new link was sent to ${r.email}.`,
                            })
                          }
                        >
                          Resend link
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={isBusy}
                          onClick={() =>
                            run("revoke-recipient", () => revokeShareRecipientAction({ recipientId: r.id }), {
                              done: () => `${r.email} no longer has access.`,
                            })
                          }
                        >
                          Revoke
                        </Button>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
              {share.events.length ? (
                <details className="mt-2">
                  <summary className="cursor-pointer text-muted">Activity ({share.events.length})</summary>
                  <ul className="mt-2 space-y-1" aria-label="Activity">
                    {share.events.map((e, n) => (
                      <li key={n}>
                        {formatDateTime(e.at)}: {e.recipient}{" "}
                        {e.kind === "view" ? `viewed ${e.item}, page ${e.page}` : `downloaded ${e.item}`}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {creating ? (
        <Dialog
          open
          onOpenChange={(open) => !open && setCreating(false)}
          title="Share documents"
          description="Recipients get a sign-in link by e-mail."
          className="max-w-2xl"
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
