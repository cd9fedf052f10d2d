import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { webhookDeliveries } from "./schema";
import { AppError } from "@/server/core/errors";

// Events raised while an endpoint is off (docs/PRODUCT.md#api-and-webhooks): nothing is dropped.
// Turning an endpoint off (an owner, the firm, or a day of failures) holds what was still waiting;
// what is raised while it is off is queued held (queue.ts); turning it on asks the owner to deliver
// what was held or to skip it (kept in the delivery log as skipped, and redeliverable).

/** What an owner chooses for the deliveries held while an endpoint was off. */
export type HeldChoice = "deliver" | "skip";

/** How many deliveries an endpoint holds, and the span of their events (null when none). */
export type HeldSummary = { count: number; from: string; to: string } | null;

/** The held deliveries of the endpoint row in scope (`webhook_endpoints`), as one JSON value for a list's select. */
export const heldSummarySql = sql<{ count: number; from: string; to: string } | null>`(
  select case when count(*) = 0 then null
              else json_build_object('count', count(*), 'from', min(h.created_at), 'to', max(h.created_at)) end
    from webhook_deliveries h where h.endpoint_id = webhook_endpoints.id and h.status = 'held')`;

/** Holds what an endpoint turned off was still going to send: its retries wait for the owner's choice too. */
export async function holdPendingDeliveries(tx: DbOrTx, endpointId: string): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ status: "held" })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending")));
}

/**
 * Applies the owner's choice to an endpoint's held deliveries: delivered (pending again, due now,
 * a fresh retry schedule) or skipped (never sent, still listed). Without a choice while something
 * is held, refused: turning an endpoint on never drops or sends events without the owner knowing.
 */
export async function releaseHeldDeliveries(
  tx: DbOrTx,
  endpointId: string,
  choice: HeldChoice | undefined,
): Promise<{ count: number; choice: HeldChoice } | null> {
  const [held] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "held")));
  const count = held?.count ?? 0;
  if (count === 0) return null;
  if (!choice)
    throw new AppError(
      "conflict",
      `${count === 1 ? "1 event was" : `${count} events were`} held while this endpoint was off: choose to deliver or skip ${count === 1 ? "it" : "them"}.`,
    );
  await tx
    .update(webhookDeliveries)
    .set(choice === "deliver" ? { status: "pending", attempts: 0 } : { status: "skipped" })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "held")));
  // Delivered ones are pending again: the caller turning the endpoint on sends their jobs (deliverPendingNow).
  return { count, choice };
}
