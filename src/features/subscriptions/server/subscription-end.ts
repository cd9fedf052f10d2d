import "server-only";
import { eq } from "drizzle-orm";
import type { AdminActor, ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { clientSubscriptions } from "./schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";

// Ending a subscription, the one way the client's cancel and the firm's decline or cancel share.

export const SUBSCRIPTION_NOT_FOUND = "Subscription not found";
export const IN_SQUARE = "This subscription is run by Square: change it in Square and the change comes back here.";

export type Locked = { id: string; status: string; squareId: string | null };

/** A pending request is withdrawn (declined, never counted), an active subscription cancelled now. */
export async function endSubscription(tx: DbOrTx, actor: ClientActor | AdminActor, row: Locked, reason: string | null) {
  if (row.status !== "pending" && row.status !== "active")
    throw new AppError("conflict", `A ${row.status} subscription cannot be cancelled.`);
  if (row.squareId) throw new AppError("conflict", IN_SQUARE);
  const status = row.status === "pending" ? ("declined" as const) : ("cancelled" as const);
  const now = new Date();
  await tx
    .update(clientSubscriptions)
    .set({ status, decisionReason: reason, updatedAt: now, ...(status === "cancelled" ? { cancelledAt: now, nextTierId: null } : {}) })
    .where(eq(clientSubscriptions.id, row.id));
  await recordAudit(tx, {
    actor,
    action: status === "declined" && actor.role === "admin" ? "subscription.decline" : "subscription.cancel",
    entityType: "client_subscription",
    entityId: row.id,
    before: { status: row.status },
    after: { status, reason },
  });
  return { id: row.id, status };
}
