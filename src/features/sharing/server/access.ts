import "server-only";
import { and, eq } from "drizzle-orm";
import { assertClient, assertReportsVisible, type ClientActor, OWNER_ONLY_MESSAGE } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import { shares, sharingSettings } from "./schema";

export const SHARE_NOT_FOUND = "Share not found";
export const MEMBERS_MAY_NOT_SHARE = "Only an owner of your company can share documents. An owner can allow members to share.";

/** Whether the company's owners let members share (off until an owner allows it). */
export async function membersMayShare(db: DbOrTx, clientId: string): Promise<boolean> {
  const [row] = await db
    .select({ allowed: sharingSettings.membersMayShare })
    .from(sharingSettings)
    .where(eq(sharingSettings.clientId, clientId))
    .limit(1);
  return row?.allowed ?? false;
}

/** Owners share; members only when the owners allow it, and never what the owners withheld from them. */
export async function assertMayShare(db: DbOrTx, actor: ClientActor): Promise<void> {
  assertClient(actor);
  if (actor.personRole === "owner") return;
  assertReportsVisible(actor);
  if (!(await membersMayShare(db, actor.clientId))) throw new AppError("forbidden", MEMBERS_MAY_NOT_SHARE);
}

/** Whether this member shares (and so sees Sharing in Settings): an owner always does. */
export async function memberShares(db: DbOrTx, actor: ClientActor): Promise<boolean> {
  if (actor.personRole === "owner" || actor.reportsWithheld) return false;
  return membersMayShare(db, actor.clientId);
}

export function assertShareOwner(actor: ClientActor): void {
  assertClient(actor);
  if (actor.personRole !== "owner") throw new AppError("forbidden", OWNER_ONLY_MESSAGE);
}

/** A share of the actor's company, locked for the change; another company's answers like a missing one. */
export async function lockOwnShare(db: DbOrTx, actor: ClientActor, shareId: string) {
  const [share] = await db
    .select({ id: shares.id, expiresAt: shares.expiresAt, revokedAt: shares.revokedAt, message: shares.message })
    .from(shares)
    .where(and(eq(shares.id, shareId), eq(shares.clientId, actor.clientId)))
    .for("update")
    .limit(1);
  if (!share) throw new AppError("not_found", SHARE_NOT_FOUND);
  return share;
}
