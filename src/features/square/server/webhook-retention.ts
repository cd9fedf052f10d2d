import "server-only";
import { lt } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { squareWebhookEvents } from "./schema";

/** Forgets the ids of the Square webhook events received before `before` (the daily retention, modules/operations); returns how many. */
export async function pruneSquareWebhookEvents(db: DbOrTx, before: Date): Promise<number> {
  const removed = await db
    .delete(squareWebhookEvents)
    .where(lt(squareWebhookEvents.receivedAt, before))
    .returning({ id: squareWebhookEvents.eventId });
  return removed.length;
}
