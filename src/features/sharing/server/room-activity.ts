import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import { assertMayShare, SHARE_NOT_FOUND } from "./access";
import type { ShareRoomEvent } from "./room";
import { shareEvents, shareItems, shareRecipients, shares } from "./schema";

/** Events on a page of a share's activity. */
export const SHARE_ACTIVITY_PAGE = 100;

/**
 * Every view and download of one share, newest first, a page at a time from `offset` (the room shows
 * the latest ones with the share; this reads on from there). An owner (or a viewing admin) reads any
 * share of the company, a sharing member only their own; another's answers like a missing one.
 */
export async function listShareActivity(
  db: DbOrTx,
  { actor, shareId, offset }: { actor: ClientActor; shareId: string; offset: number },
): Promise<{ events: ShareRoomEvent[]; more: boolean }> {
  assertClient(actor);
  const owner = actor.personRole === "owner";
  if (!owner) await assertMayShare(db, actor);
  const [share] = await db
    .select({ id: shares.id })
    .from(shares)
    .where(and(eq(shares.id, shareId), eq(shares.clientId, actor.clientId), owner ? undefined : eq(shares.createdByUserId, actor.userId)))
    .limit(1);
  if (!share) throw new AppError("not_found", SHARE_NOT_FOUND);
  const rows = await db
    .select({
      recipient: shareRecipients.email,
      item: shareItems.label,
      kind: shareEvents.kind,
      page: shareEvents.page,
      at: shareEvents.createdAt,
    })
    .from(shareEvents)
    .innerJoin(shareItems, eq(shareItems.id, shareEvents.shareItemId))
    .innerJoin(shareRecipients, eq(shareRecipients.id, shareEvents.recipientId))
    .where(eq(shareItems.shareId, share.id))
    .orderBy(desc(shareEvents.createdAt), desc(shareEvents.id))
    .offset(offset)
    .limit(SHARE_ACTIVITY_PAGE + 1);
  return {
    events: rows.slice(0, SHARE_ACTIVITY_PAGE).map((row) => ({ ...row, at: row.at.toISOString() })),
    more: rows.length > SHARE_ACTIVITY_PAGE,
  };
}
