import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { clientSubscriptions, subscriptionTiers } from "./schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import {
  cancelSquareSubscription,
  createSquareSubscription,
  squareSubscriptionTarget,
  swapSquareSubscriptionPlan,
} from "@/features/square/server";
import { endSubscription, SUBSCRIPTION_NOT_FOUND } from "./subscription-end";

// Subscribing for real (docs/PRODUCT.md#portal-book-service, docs/PRODUCT.md#admin-subscriptions):
// a request is a pending row at once; an admin confirms it (active) or declines it with a reason
// the client reads. A subscription Square runs (it has a Square id) changes through Square's
// webhook and sync only, so nothing here confirms or cancels one.

const OWNER_CANCELS = "Only an owner of your company can cancel its plan.";
const OWNER_CHANGES = "Only an owner of your company can change its plan.";
const OWNER_SUBSCRIBES = "Only an owner of your company can subscribe it to a plan.";

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
  // Subscribing commits the company to a monthly charge: an owner's decision, as changing and cancelling are.
  if (actor.personRole !== "owner") throw new AppError("forbidden", OWNER_SUBSCRIBES);
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
 * The signed-in client withdraws its request (any person of the company), or asks to end its
 * active plan at the end of the period already billed (an owner only: it stops a service the
 * company pays for). A plan run by a Square subscription is cancelled at Square, which ends it on
 * the same date. A subscription of another client answers like a missing one.
 */
export async function cancelOwnSubscription(db: Db, { actor, subscriptionId }: { actor: ClientActor; subscriptionId: string }) {
  assertClient(actor);
  const row = await ownSubscription(db, actor, subscriptionId);
  if (row.status === "pending")
    return db.transaction(async (tx) => endSubscription(tx, actor, await lockOwn(tx, actor, subscriptionId), null));
  if (row.status !== "active") throw new AppError("conflict", `A ${row.status} subscription cannot be cancelled.`);
  if (actor.personRole !== "owner") throw new AppError("forbidden", OWNER_CANCELS);
  if (row.cancelAtPeriodEnd) throw new AppError("conflict", "This plan already ends at the end of its period.");
  // Square first: when it refuses, nothing here changes and the client can try again.
  if (row.squareId) await atSquare(subscriptionId, () => cancelSquareSubscription(db, { squareSubscriptionId: row.squareId! }));
  return db.transaction(async (tx) => {
    const locked = await lockOwn(tx, actor, subscriptionId);
    if (locked.status !== "active") throw new AppError("conflict", `A ${locked.status} subscription cannot be cancelled.`);
    await tx
      .update(clientSubscriptions)
      .set({ cancelAtPeriodEnd: true, nextTierId: null, updatedAt: new Date() })
      .where(eq(clientSubscriptions.id, subscriptionId));
    const endsOn = locked.currentPeriodEnd?.toISOString().slice(0, 10) ?? null;
    await recordAudit(tx, {
      actor,
      action: "subscription.cancel_at_period_end",
      entityType: "client_subscription",
      entityId: subscriptionId,
      clientId: actor.clientId,
      before: { cancelAtPeriodEnd: false },
      after: { cancelAtPeriodEnd: true, endsOn },
    });
    return { id: subscriptionId, status: "active" as const, cancelAtPeriodEnd: true, endsOn };
  });
}

/**
 * An owner switches the company's active plan to another plan on offer from the next billing
 * date: the current period stays as billed, the next one is billed at the new plan's price. A plan
 * run by a Square subscription is swapped at Square (the new plan needs a Square plan variation).
 */
export async function switchOwnPlan(db: Db, { actor, planId }: { actor: ClientActor; planId: string }) {
  assertClient(actor);
  if (actor.personRole !== "owner") throw new AppError("forbidden", OWNER_CHANGES);
  const [plan] = await db
    .select({ id: subscriptionTiers.id, name: subscriptionTiers.tierName, variation: subscriptionTiers.squarePlanVariationId })
    .from(subscriptionTiers)
    .where(and(eq(subscriptionTiers.id, planId), eq(subscriptionTiers.isActive, true)));
  if (!plan) throw new AppError("not_found", "This plan is no longer offered.");
  const [current] = await db
    .select({ id: clientSubscriptions.id })
    .from(clientSubscriptions)
    .where(and(eq(clientSubscriptions.clientId, actor.clientId), eq(clientSubscriptions.status, "active")));
  if (!current) throw new AppError("conflict", "You have no active plan to switch. Subscribe to a plan instead.");
  const row = await ownSubscription(db, actor, current.id);
  if (row.tierId === plan.id) throw new AppError("conflict", `You already have the ${plan.name} plan.`);
  if (row.cancelAtPeriodEnd) throw new AppError("conflict", "This plan ends at the end of its period: subscribe again once it has ended.");
  if (row.squareId) {
    if (!plan.variation)
      throw new AppError("conflict", `The ${plan.name} plan cannot replace a plan billed by Square. Please contact your account manager.`);
    await atSquare(row.id, () => swapSquareSubscriptionPlan(db, { squareSubscriptionId: row.squareId!, planVariationId: plan.variation! }));
  }
  return db.transaction(async (tx) => {
    const locked = await lockOwn(tx, actor, row.id);
    if (locked.status !== "active") throw new AppError("conflict", `A ${locked.status} subscription cannot be switched.`);
    await tx.update(clientSubscriptions).set({ nextTierId: plan.id, updatedAt: new Date() }).where(eq(clientSubscriptions.id, row.id));
    const startsOn = locked.currentPeriodEnd?.toISOString().slice(0, 10) ?? null;
    await recordAudit(tx, {
      actor,
      action: "subscription.switch",
      entityType: "client_subscription",
      entityId: row.id,
      clientId: actor.clientId,
      before: { tierId: row.tierId, nextTierId: row.nextTierId },
      after: { nextTierId: plan.id, startsOn },
    });
    return { id: row.id, nextTierId: plan.id, startsOn };
  });
}

const PROVIDER_FAILED = "Your plan could not be changed with our payment provider. Please try again later or contact your account manager.";

/** A change Square must make first; its failure is logged for the firm and told to the client in plain words. */
async function atSquare(subscriptionId: string, call: () => Promise<void>): Promise<void> {
  try {
    await call();
  } catch (error) {
    console.error(
      `[subscriptions] Square could not change subscription ${subscriptionId}:`,
      error instanceof Error ? error.message : error,
    );
    throw new AppError("bad_gateway", PROVIDER_FAILED);
  }
}

const ownColumns = {
  id: clientSubscriptions.id,
  status: clientSubscriptions.status,
  squareId: clientSubscriptions.squareSubscriptionId,
  tierId: clientSubscriptions.tierId,
  nextTierId: clientSubscriptions.nextTierId,
  cancelAtPeriodEnd: clientSubscriptions.cancelAtPeriodEnd,
  currentPeriodEnd: clientSubscriptions.currentPeriodEnd,
};

async function ownSubscription(db: DbOrTx, actor: ClientActor, subscriptionId: string) {
  const [row] = await db
    .select(ownColumns)
    .from(clientSubscriptions)
    .where(and(eq(clientSubscriptions.id, subscriptionId), eq(clientSubscriptions.clientId, actor.clientId)));
  if (!row) throw new AppError("not_found", SUBSCRIPTION_NOT_FOUND);
  return row;
}

async function lockOwn(tx: DbOrTx, actor: ClientActor, subscriptionId: string) {
  const [row] = await tx
    .select(ownColumns)
    .from(clientSubscriptions)
    .where(and(eq(clientSubscriptions.id, subscriptionId), eq(clientSubscriptions.clientId, actor.clientId)))
    .for("update");
  if (!row) throw new AppError("not_found", SUBSCRIPTION_NOT_FOUND);
  return row;
}
