import "server-only";
import { and, eq } from "drizzle-orm";
import type { ShareItemKind } from "@/lib/domain/share";
import type { DbOrTx } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { stampPdfWith } from "@/features/reports/server";
import { queueWebhookEvent } from "@/features/webhooks/server";
import { ITEM_RESOLVERS, type ItemState } from "./item-kinds";
import type { ShareRecipientSession } from "./recipient-session";
import { shareCopies, shareEvents, shareItems, shareRecipients } from "./schema";
import { formatCopyCode, newCopyCode, sha256Hex } from "./secrets";

// What a signed-in recipient does (docs/PRODUCT.md#sharing-with-third-parties): accept the NDA,
// list the shared items, view pages, download stamped copies. Each is in the company's access log.

export const NDA_FIRST = "Accept the NDA first.";
export const ITEM_NOT_FOUND = "Document not found";
export const ITEM_WITHDRAWN = "This document has been withdrawn or replaced by a newer version. Ask the company for the current one.";
export const VIEW_ONLY = "This document is shared for viewing only.";

export type RequestFrom = { clientAddress: string; userAgent: string };
export type SharedItem = { id: string; kind: ShareItemKind; label: string; state: ItemState };

/** Records the NDA's acceptance once per share: the e-mail (the recipient's), the typed name, time, address, browser and the text's SHA-256. */
export async function acceptShareNda(
  db: DbOrTx,
  { recipient, name, from }: { recipient: ShareRecipientSession; name: string; from: RequestFrom },
): Promise<void> {
  if (recipient.ndaKind === "none" || recipient.ndaAcceptedAt) return;
  await db.transaction(async (tx) => {
    await tx
      .update(shareRecipients)
      .set({
        ndaAcceptedAt: new Date(),
        ndaName: name,
        ndaAddress: from.clientAddress.slice(0, 100),
        ndaUserAgent: from.userAgent.slice(0, 500),
        ndaSha256: recipient.ndaSha256,
      })
      .where(eq(shareRecipients.id, recipient.recipientId));
    await recordAudit(tx, {
      actor: null,
      action: "share.nda_accepted",
      entityType: "share",
      entityId: recipient.shareId,
      clientId: recipient.clientId,
      after: { name: `NDA accepted as ${name}`, by: recipient.email, ndaSha256: recipient.ndaSha256 },
    });
  });
}

const needsNda = (recipient: ShareRecipientSession) => recipient.ndaKind !== "none" && !recipient.ndaAcceptedAt;

/** The share's items with their state now; nothing before the NDA is accepted. */
export async function listSharedItems(db: DbOrTx, recipient: ShareRecipientSession): Promise<SharedItem[]> {
  if (needsNda(recipient)) return [];
  const rows = await db
    .select({ id: shareItems.id, kind: shareItems.kind, itemId: shareItems.itemId, label: shareItems.label })
    .from(shareItems)
    .where(eq(shareItems.shareId, recipient.shareId))
    .orderBy(shareItems.label);
  return Promise.all(
    rows.map(async (row) => {
      const found = await ITEM_RESOLVERS[row.kind].resolve(db, { clientId: recipient.clientId, itemId: row.itemId });
      return { id: row.id, kind: row.kind, label: found?.label ?? row.label, state: found?.state ?? "revoked" };
    }),
  );
}

/** One item of the recipient's share, current; its original file. */
export async function sharedItemFile(db: DbOrTx, { recipient, shareItemId }: { recipient: ShareRecipientSession; shareItemId: string }) {
  if (needsNda(recipient)) throw new AppError("forbidden", NDA_FIRST);
  const [item] = await db
    .select({ id: shareItems.id, kind: shareItems.kind, itemId: shareItems.itemId, label: shareItems.label })
    .from(shareItems)
    .where(and(eq(shareItems.id, shareItemId), eq(shareItems.shareId, recipient.shareId)))
    .limit(1);
  if (!item) throw new AppError("not_found", ITEM_NOT_FOUND);
  const at = { clientId: recipient.clientId, itemId: item.itemId };
  const found = await ITEM_RESOLVERS[item.kind].resolve(db, at);
  if (!found || found.state !== "current") throw new AppError("forbidden", ITEM_WITHDRAWN);
  const file = await ITEM_RESOLVERS[item.kind].file(db, at);
  if (!file) throw new AppError("not_found", ITEM_NOT_FOUND);
  return { ...file, item: { ...item, label: found.label } };
}

/** The stamp's line (docs/PRODUCT.md#sharing-with-third-parties), the same on every page of a copy and of a viewed page. */
export function shareStampLine(recipient: ShareRecipientSession, at: Date, code: string): string {
  const name = recipient.ndaName || recipient.name || recipient.email;
  const nda = recipient.ndaKind === "none" ? "Confidential" : "Confidential under NDA";
  return `Shared with ${name} <${recipient.email}> by ${recipient.company} on ${at.toISOString().slice(0, 10)} · ${nda} · verify ${formatCopyCode(code)}`;
}

/**
 * A copy stamped for the recipient on every page, with its own code: the copy's SHA-256 is kept
 * with the code, so whoever holds it can compare at /verify. Recorded, with the access log's entry.
 */
export async function downloadSharedItem(
  db: DbOrTx,
  { recipient, shareItemId, from }: { recipient: ShareRecipientSession; shareItemId: string; from: RequestFrom },
): Promise<{ bytes: Uint8Array; filename: string; code: string }> {
  if (recipient.mode !== "download") throw new AppError("forbidden", VIEW_ONLY);
  const file = await sharedItemFile(db, { recipient, shareItemId });
  const code = newCopyCode();
  const now = new Date();
  const bytes = await stampPdfWith(file.bytes, { lines: [shareStampLine(recipient, now, code)], mark: recipient.email });
  await db.transaction(async (tx) => {
    await tx
      .insert(shareCopies)
      .values({ code, recipientId: recipient.recipientId, shareItemId, sha256: sha256Hex(bytes), createdAt: now });
    await tx.insert(shareEvents).values({ recipientId: recipient.recipientId, shareItemId, kind: "download", ...cut(from) });
    await recordAudit(tx, {
      actor: null,
      action: "share.downloaded",
      entityType: "share",
      entityId: recipient.shareId,
      clientId: recipient.clientId,
      after: { name: `${file.item.label} (copy ${formatCopyCode(code)})`, by: recipient.email },
    });
  });
  return { bytes, filename: file.filename, code };
}

const cut = (from: RequestFrom) => ({ clientAddress: from.clientAddress.slice(0, 100), userAgent: from.userAgent.slice(0, 500) });

/** Records a page viewed: the event, the access log's entry and the `share.viewed` webhook event. */
export async function recordSharedView(
  db: DbOrTx,
  {
    recipient,
    item,
    page,
    from,
  }: { recipient: ShareRecipientSession; item: { id: string; label: string }; page: number; from: RequestFrom },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(shareEvents).values({ recipientId: recipient.recipientId, shareItemId: item.id, kind: "view", page, ...cut(from) });
    await recordAudit(tx, {
      actor: null,
      action: "share.viewed",
      entityType: "share",
      entityId: recipient.shareId,
      clientId: recipient.clientId,
      after: { name: `${item.label}, page ${page}`, by: recipient.email },
    });
    await queueWebhookEvent(tx, {
      clientId: recipient.clientId,
      type: "share.viewed",
      data: { shareId: recipient.shareId, recipientId: recipient.recipientId, itemId: item.id, page },
      chatText: `${recipient.email} viewed ${item.label}, page ${page}`,
      portalPath: "/client-portal?section=sharing",
    });
  });
}
