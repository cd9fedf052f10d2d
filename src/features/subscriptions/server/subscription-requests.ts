import "server-only";
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { type AdminActor, assertAdmin, assertClient, type ClientActor } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { clientSubscriptions, subscriptionTiers } from "@/server/core/db/schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { createSquareSubscription, squareSubscriptionTarget } from "@/features/square/server";

// Subscribing for real (docs/PRODUCT.md#portal-book-service, docs/PRODUCT.md#admin-subscriptions):
// a request is a pending row at once; an admin confirms it (active) or declines it with a reason
// the client reads. A subscription Square runs (it has a Square id) changes through Square's
// webhook and sync only, so nothing here confirms or cancels one.

const SUBSCRIPTION_NOT_FOUND = "Subscription not found";
const OWNER_CANCELS = "Only an owner of your company can cancel its plan.";
const IN_SQUARE = "This subscription is run by Square: change it in Square and the change comes back here.";

const SQUARE_FAILED =
  "Your subscription could not be set up with our payment provider. Please try again later or contact your account manager.";

/**
 * The signed-in client asks for a plan on offer: a pending row, audited. One request waits at a
 * time, and asking for the plan the client already has is refused. With Square connected, the plan
 * linked to a Square plan variation and the client to a Square customer, the subscription is then
 * created in Square for that customer (`via: "square"`); the row stays pending until Square's
 * webhook confirms it. Otherwise an admin confirms the request (`via: "request"`).
 */
export async function requestSubscription(db: Db, { actor, planId }: { actor: ClientActor; planId: string }) {
  assertClient(actor);
  const { row, variation } = await insertRequest(db, actor, planId);
  const target = variation ? await squareSubscriptionTarget(db, { clientId: actor.clientId }) : null;
  if (!variation || !target) return { ...row, via: "request" as const };
  try {
    // Committed first, so a webhook that comes back before this call returns finds the request to adopt.
    const created = await createSquareSubscription(db, {
      squareCustomerId: target.squareCustomerId,
      planVariationId: variation,
      idempotencyKey: row.id,
    });
    await db
      .update(clientSubscriptions)
      .set({ squareSubscriptionId: created.squareSubscriptionId, squareCustomerId: target.squareCustomerId, updatedAt: new Date() })
      .where(and(eq(clientSubscriptions.id, row.id), isNull(clientSubscriptions.squareSubscriptionId)));
    return { ...row, via: "square" as const };
  } catch (error) {
    console.error(
      `[subscriptions] Square could not create the subscription of request ${row.id}:`,
      error instanceof Error ? error.message : error,
    );
    await db.transaction(async (tx) => {
      const gone = await tx
        .delete(clientSubscriptions)
        .where(and(eq(clientSubscriptions.id, row.id), isNull(clientSubscriptions.squareSubscriptionId)))
        .returning({ id: clientSubscriptions.id });
      if (gone.length === 0) return;
      await recordAudit(tx, {
        actor,
        action: "subscription.square_failed",
        entityType: "client_subscription",
        entityId: row.id,
        before: { status: "pending" },
        after: { error: error instanceof Error ? error.message : "Square call failed" },
      });
    });
    throw new AppError("bad_gateway", SQUARE_FAILED);
  }
}

async function insertRequest(db: Db, actor: ClientActor, planId: string) {
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .select({ id: subscriptionTiers.id, name: subscriptionTiers.tierName, variation: subscriptionTiers.squarePlanVariationId })
      .from(subscriptionTiers)
      .where(and(eq(subscriptionTiers.id, planId), eq(subscriptionTiers.isActive, true)));
    if (!plan) throw new AppError("not_found", "This plan is no longer offered.");
    const open = await tx
      .select({ status: clientSubscriptions.status, tierId: clientSubscriptions.tierId })
      .from(clientSubscriptions)
      .where(and(eq(clientSubscriptions.clientId, actor.clientId), inArray(clientSubscriptions.status, ["pending", "active"])))
      .for("update");
    if (open.some((s) => s.status === "pending")) throw new AppError("conflict", "Your plan request is already waiting for confirmation.");
    if (open.some((s) => s.tierId === plan.id)) throw new AppError("conflict", `You already have the ${plan.name} plan.`);
    const [row] = await tx
      .insert(clientSubscriptions)
      .values({ clientId: actor.clientId, tierId: plan.id, status: "pending" })
      // The one-pending-per-client index settles two requests sent at once: the second changes nothing.
      .onConflictDoNothing()
      .returning({ id: clientSubscriptions.id, status: clientSubscriptions.status });
    if (!row) throw new AppError("conflict", "Your plan request is already waiting for confirmation.");
    await recordAudit(tx, {
      actor,
      action: "subscription.request",
      entityType: "client_subscription",
      entityId: row.id,
      after: { tierId: plan.id },
    });
    return { row, variation: plan.variation };
  });
}

/**
 * The signed-in client withdraws its request (any person of the company) or ends its active
 * subscription (an owner only: it stops a service the company pays for). A subscription of another
 * client answers like a missing one.
 */
export async function cancelOwnSubscription(db: DbOrTx, { actor, subscriptionId }: { actor: ClientActor; subscriptionId: string }) {
  assertClient(actor);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: clientSubscriptions.id, status: clientSubscriptions.status, squareId: clientSubscriptions.squareSubscriptionId })
      .from(clientSubscriptions)
      .where(and(eq(clientSubscriptions.id, subscriptionId), eq(clientSubscriptions.clientId, actor.clientId)))
      .for("update");
    if (!row) throw new AppError("not_found", SUBSCRIPTION_NOT_FOUND);
    if (row.status === "active" && actor.personRole !== "owner") throw new AppError("forbidden", OWNER_CANCELS);
    return endSubscription(tx, actor, row, null);
  });
}

type Locked = { id: string; status: string; squareId: string | null };

/** A pending request is withdrawn (declined, never counted), an active subscription cancelled. */
async function endSubscription(tx: DbOrTx, actor: ClientActor | AdminActor, row: Locked, reason: string | null) {
  if (row.status !== "pending" && row.status !== "active")
    throw new AppError("conflict", `A ${row.status} subscription cannot be cancelled.`);
  if (row.squareId) throw new AppError("conflict", IN_SQUARE);
  const status = row.status === "pending" ? ("declined" as const) : ("cancelled" as const);
  await tx
    .update(clientSubscriptions)
    .set({ status, decisionReason: reason, updatedAt: new Date() })
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

/**
 * An admin confirms a pending request (it becomes the client's active subscription; a plan it
 * replaces is cancelled in the same transaction), declines it with the reason the client reads,
 * or cancels an active subscription. Audited.
 */
export async function decideSubscription(
  db: DbOrTx,
  {
    actor,
    subscriptionId,
    decision,
    reason = null,
  }: { actor: AdminActor; subscriptionId: string; decision: "confirm" | "decline" | "cancel"; reason?: string | null },
) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: clientSubscriptions.id,
        status: clientSubscriptions.status,
        clientId: clientSubscriptions.clientId,
        squareId: clientSubscriptions.squareSubscriptionId,
      })
      .from(clientSubscriptions)
      .where(eq(clientSubscriptions.id, subscriptionId))
      .for("update");
    if (!row || !row.clientId) throw new AppError("not_found", SUBSCRIPTION_NOT_FOUND);
    if (decision === "cancel" && row.status !== "active")
      throw new AppError("conflict", `A ${row.status} subscription cannot be cancelled.`);
    if (decision !== "cancel" && row.status !== "pending") throw new AppError("conflict", `This request is already ${row.status}.`);
    if (decision !== "confirm") return endSubscription(tx, actor, row, reason);
    if (row.squareId) throw new AppError("conflict", IN_SQUARE);
    const now = new Date();
    const replaced = await tx
      .update(clientSubscriptions)
      .set({ status: "cancelled", updatedAt: now })
      .where(
        and(
          eq(clientSubscriptions.clientId, row.clientId),
          eq(clientSubscriptions.status, "active"),
          ne(clientSubscriptions.id, row.id),
          sql`${clientSubscriptions.squareSubscriptionId} is null`,
        ),
      )
      .returning({ id: clientSubscriptions.id });
    const [active] = await tx
      .select({ id: clientSubscriptions.id })
      .from(clientSubscriptions)
      .where(and(eq(clientSubscriptions.clientId, row.clientId), eq(clientSubscriptions.status, "active")));
    if (active) throw new AppError("conflict", "The client has a subscription run by Square: cancel it in Square first.");
    await tx
      .update(clientSubscriptions)
      .set({ status: "active", activatedAt: now, decisionReason: null, updatedAt: now })
      .where(eq(clientSubscriptions.id, row.id));
    await recordAudit(tx, {
      actor,
      action: "subscription.confirm",
      entityType: "client_subscription",
      entityId: row.id,
      before: { status: "pending" },
      after: { status: "active", replaced: replaced.map((r) => r.id) },
    });
    return { id: row.id, status: "active" as const };
  });
}
