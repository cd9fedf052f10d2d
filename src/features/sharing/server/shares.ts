import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { siteConfig } from "@/config/site";
import { assertFindingsVisible, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import type { CreateShareData } from "@/features/sharing/validation";
import { assertMayShare, assertShareOwner, lockOwnShare } from "./access";
import { ITEM_RESOLVERS } from "./item-kinds";
import { mailShareLink } from "./links";
import { shareForbiddenProjects, shareItems, shareLinks, shareRecipients, shares, shareSessions, sharingSettings } from "./schema";
import { sha256Hex } from "./secrets";
import { standardNdaText } from "./standard-nda";

export const ITEM_NOT_SHAREABLE = "That item cannot be shared: it is not found, or not the current version.";
export const SHARING_FORBIDDEN = "Sharing this engagement's documents is not allowed by agreement with the firm.";
export const SHARE_ENDED = "This share has been revoked.";
export const RECIPIENT_NOT_FOUND = "Recipient not found";

const DAY = 86_400_000;

/**
 * A new share (docs/PRODUCT.md#sharing-with-third-parties): the items checked (the company's own,
 * current, of an engagement the firm did not close to sharing), the NDA's text fixed with its hash,
 * each recipient mailed a sign-in link, and the access log's entry, in one transaction. The action
 * has asked for the owner's step-up first.
 */
export async function createShare(
  db: DbOrTx,
  { actor, input }: { actor: ClientActor; input: CreateShareData },
): Promise<{ shareId: string }> {
  await assertMayShare(db, actor);
  // A retest summary is the findings' own: refused to a member from whom they are withheld.
  if (input.items.some((item) => item.kind === "retest_summary")) assertFindingsVisible(actor);
  return db.transaction(async (tx) => {
    const resolved = [];
    for (const item of dedupe(input.items, (i) => `${i.kind}:${i.id}`)) {
      const found = await ITEM_RESOLVERS[item.kind].resolve(tx, { clientId: actor.clientId, itemId: item.id });
      if (!found || found.state !== "current") throw new AppError("bad_request", ITEM_NOT_SHAREABLE);
      resolved.push({ ...item, ...found });
    }
    const forbidden = await tx
      .select({ projectId: shareForbiddenProjects.projectId })
      .from(shareForbiddenProjects)
      .where(inArray(shareForbiddenProjects.projectId, [...new Set(resolved.map((i) => i.projectId))]));
    if (forbidden.length) throw new AppError("forbidden", SHARING_FORBIDDEN);
    const ndaText =
      input.ndaKind === "standard"
        ? standardNdaText(siteConfig.name, actor.company)
        : input.ndaKind === "own"
          ? (input.ndaText ?? "")
          : null;
    const expiresAt = new Date(Date.now() + input.expiryDays * DAY);
    const from = actor.name || actor.email;
    const [share] = await tx
      .insert(shares)
      .values({
        clientId: actor.clientId,
        createdByUserId: actor.userId,
        createdByName: from,
        message: input.message || null,
        mode: input.mode,
        ndaKind: input.ndaKind,
        ndaText,
        ndaSha256: ndaText === null ? null : sha256Hex(ndaText),
        expiresAt,
      })
      .returning({ id: shares.id });
    await tx
      .insert(shareItems)
      .values(
        resolved.map((item) => ({ shareId: share!.id, kind: item.kind, itemId: item.id, label: item.label, projectId: item.projectId })),
      );
    const recipients = await tx
      .insert(shareRecipients)
      .values(dedupe(input.recipients, (r) => r.email).map((r) => ({ shareId: share!.id, email: r.email, name: r.name || null })))
      .returning({ id: shareRecipients.id, email: shareRecipients.email });
    for (const recipient of recipients)
      await mailShareLink(tx, {
        recipientId: recipient.id,
        email: recipient.email,
        company: actor.company,
        from,
        message: input.message || null,
        shareExpiresAt: expiresAt,
      });
    await recordAudit(tx, {
      actor,
      action: "share.created",
      entityType: "share",
      entityId: share!.id,
      clientId: actor.clientId,
      after: {
        name: `${resolved.map((i) => i.label).join(", ")} with ${recipients.map((r) => r.email).join(", ")}`,
        mode: input.mode,
        ndaKind: input.ndaKind,
        expiresAt: expiresAt.toISOString(),
      },
    });
    return { shareId: share!.id };
  });
}

function dedupe<T>(list: T[], key: (value: T) => string): T[] {
  const seen = new Set<string>();
  return list.filter((value) => !seen.has(key(value)) && Boolean(seen.add(key(value))));
}

/** Ends every session and unused link of these recipients at once. */
async function endAccess(db: DbOrTx, recipientIds: string[]): Promise<void> {
  if (recipientIds.length === 0) return;
  await db.delete(shareSessions).where(inArray(shareSessions.recipientId, recipientIds));
  await db.delete(shareLinks).where(inArray(shareLinks.recipientId, recipientIds));
}

/** Revokes a whole share: its links and sessions end at once, its copies' codes read "revoked". Owners only. */
export async function revokeShare(db: DbOrTx, { actor, shareId }: { actor: ClientActor; shareId: string }): Promise<void> {
  assertShareOwner(actor);
  await db.transaction(async (tx) => {
    const share = await lockOwnShare(tx, actor, shareId);
    if (share.revokedAt) return;
    await tx.update(shares).set({ revokedAt: new Date() }).where(eq(shares.id, shareId));
    const recipients = await tx.select({ id: shareRecipients.id }).from(shareRecipients).where(eq(shareRecipients.shareId, shareId));
    await endAccess(
      tx,
      recipients.map((r) => r.id),
    );
    await recordAudit(tx, {
      actor,
      action: "share.revoked",
      entityType: "share",
      entityId: shareId,
      clientId: actor.clientId,
      after: { name: "A share" },
    });
  });
}

/** A recipient of one of the company's shares, with the share locked. */
async function ownRecipient(db: DbOrTx, actor: ClientActor, recipientId: string) {
  const [row] = await db
    .select({
      id: shareRecipients.id,
      email: shareRecipients.email,
      shareId: shareRecipients.shareId,
      revokedAt: shareRecipients.revokedAt,
    })
    .from(shareRecipients)
    .innerJoin(shares, eq(shares.id, shareRecipients.shareId))
    .where(and(eq(shareRecipients.id, recipientId), eq(shares.clientId, actor.clientId)))
    .limit(1);
  if (!row) throw new AppError("not_found", RECIPIENT_NOT_FOUND);
  return { ...row, share: await lockOwnShare(db, actor, row.shareId) };
}

/** Revokes one recipient: their links and sessions end at once, their copies read "revoked". Owners only. */
export async function revokeShareRecipient(db: DbOrTx, { actor, recipientId }: { actor: ClientActor; recipientId: string }): Promise<void> {
  assertShareOwner(actor);
  await db.transaction(async (tx) => {
    const recipient = await ownRecipient(tx, actor, recipientId);
    if (recipient.revokedAt) return;
    await tx.update(shareRecipients).set({ revokedAt: new Date() }).where(eq(shareRecipients.id, recipientId));
    await endAccess(tx, [recipientId]);
    await recordAudit(tx, {
      actor,
      action: "share.recipient_revoked",
      entityType: "share",
      entityId: recipient.shareId,
      clientId: actor.clientId,
      after: { name: recipient.email },
    });
  });
}

/** Moves a live share's expiry to `days` from now (7 to 365). Owners only; a revoked share stays revoked. */
export async function extendShare(db: DbOrTx, { actor, shareId, days }: { actor: ClientActor; shareId: string; days: number }) {
  assertShareOwner(actor);
  return db.transaction(async (tx) => {
    const share = await lockOwnShare(tx, actor, shareId);
    if (share.revokedAt) throw new AppError("conflict", SHARE_ENDED);
    const expiresAt = new Date(Date.now() + days * DAY);
    await tx.update(shares).set({ expiresAt }).where(eq(shares.id, shareId));
    await recordAudit(tx, {
      actor,
      action: "share.extended",
      entityType: "share",
      entityId: shareId,
      clientId: actor.clientId,
      before: { expiresAt: share.expiresAt.toISOString() },
      after: { name: `Until ${expiresAt.toISOString().slice(0, 10)}`, expiresAt: expiresAt.toISOString() },
    });
    return { expiresAt: expiresAt.toISOString() };
  });
}

/** Mails a recipient a new sign-in link (the share and the recipient live). Owners only. */
export async function resendShareLink(db: DbOrTx, { actor, recipientId }: { actor: ClientActor; recipientId: string }) {
  assertShareOwner(actor);
  await db.transaction(async (tx) => {
    const recipient = await ownRecipient(tx, actor, recipientId);
    if (recipient.revokedAt || recipient.share.revokedAt || recipient.share.expiresAt <= new Date())
      throw new AppError("conflict", "This recipient's access has ended: share again to give them access.");
    await mailShareLink(tx, {
      recipientId,
      email: recipient.email,
      company: actor.company,
      from: actor.name || actor.email,
      message: recipient.share.message,
      shareExpiresAt: recipient.share.expiresAt,
    });
    await recordAudit(tx, {
      actor,
      action: "share.link_sent",
      entityType: "share",
      entityId: recipient.shareId,
      clientId: actor.clientId,
      after: { name: recipient.email },
    });
  });
}

/** The owners' choice whether members may share. Owners only; audited. */
export async function setMembersMayShare(db: DbOrTx, { actor, allowed }: { actor: ClientActor; allowed: boolean }) {
  assertShareOwner(actor);
  await db.transaction(async (tx) => {
    await tx
      .insert(sharingSettings)
      .values({ clientId: actor.clientId, membersMayShare: allowed })
      .onConflictDoUpdate({ target: sharingSettings.clientId, set: { membersMayShare: allowed } });
    await recordAudit(tx, {
      actor,
      action: "sharing.members_may_share",
      entityType: "client",
      entityId: actor.clientId,
      clientId: actor.clientId,
      after: { allowed },
    });
  });
}
