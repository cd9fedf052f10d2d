import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { clientSubscriptions, subscriptionTiers } from "./schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { createSquareSubscription, squareSubscriptionTarget } from "@/features/square/server";
import { firstPeriod, utcDay } from "./plan-metrics";
import { billDuePeriods, startBilling } from "./subscription-billing";
import { endSubscription, IN_SQUARE, SUBSCRIPTION_NOT_FOUND } from "./subscription-end";

// The firm's side of a request (docs/PRODUCT.md#admin-subscriptions): confirm, decline or cancel.

/**
 * An admin confirms a pending request (it becomes the client's active subscription; a plan it
 * replaces is cancelled in the same transaction), declines it with the reason the client reads,
 * or cancels an active subscription. Audited. A confirmed plan bills through Square: a Square
 * subscription when the plan has a Square plan variation and the client a Square customer,
 * otherwise an invoice per period (subscription-billing.ts), the first one sent at once.
 */
export async function decideSubscription(
  db: Db,
  {
    actor,
    subscriptionId,
    decision,
    reason = null,
  }: { actor: AdminActor; subscriptionId: string; decision: "confirm" | "decline" | "cancel"; reason?: string | null },
) {
  assertAdmin(actor);
  if (decision === "confirm") return confirmSubscription(db, actor, subscriptionId);
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
    if (decision === "decline" && row.status !== "pending") throw new AppError("conflict", `This request is already ${row.status}.`);
    return endSubscription(tx, actor, row, reason);
  });
}

const SQUARE_RUN_ACTIVE = "The client has a subscription run by Square: cancel it in Square first.";

async function confirmSubscription(db: Db, actor: AdminActor, subscriptionId: string) {
  const [request] = await db
    .select({
      status: clientSubscriptions.status,
      clientId: clientSubscriptions.clientId,
      squareId: clientSubscriptions.squareSubscriptionId,
      tierId: clientSubscriptions.tierId,
      price: subscriptionTiers.monthlyPriceCents,
      variation: subscriptionTiers.squarePlanVariationId,
    })
    .from(clientSubscriptions)
    .innerJoin(subscriptionTiers, eq(subscriptionTiers.id, clientSubscriptions.tierId))
    .where(eq(clientSubscriptions.id, subscriptionId));
  if (!request || !request.clientId) throw new AppError("not_found", SUBSCRIPTION_NOT_FOUND);
  const clientId = request.clientId;
  if (request.status !== "pending") throw new AppError("conflict", `This request is already ${request.status}.`);
  if (request.squareId) throw new AppError("conflict", IN_SQUARE);
  const [squareRun] = await db
    .select({ id: clientSubscriptions.id })
    .from(clientSubscriptions)
    .where(
      and(
        eq(clientSubscriptions.clientId, clientId),
        eq(clientSubscriptions.status, "active"),
        sql`${clientSubscriptions.squareSubscriptionId} is not null`,
      ),
    );
  if (squareRun) throw new AppError("conflict", SQUARE_RUN_ACTIVE);
  // The Square subscription is created before anything is written: our row's id is its
  // idempotency key, so confirming again after a failure creates it once.
  const target = request.variation ? await squareSubscriptionTarget(db, { clientId }) : null;
  const square =
    request.variation && target
      ? {
          ...(await createSquareSubscription(db, {
            squareCustomerId: target.squareCustomerId,
            planVariationId: request.variation,
            idempotencyKey: subscriptionId,
          })),
          squareCustomerId: target.squareCustomerId,
        }
      : null;
  const now = new Date();
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: clientSubscriptions.status })
      .from(clientSubscriptions)
      .where(eq(clientSubscriptions.id, subscriptionId))
      .for("update");
    if (!row || row.status !== "pending") throw new AppError("conflict", `This request is already ${row?.status ?? "gone"}.`);
    const replaced = await tx
      .update(clientSubscriptions)
      .set({ status: "cancelled", cancelledAt: now, nextTierId: null, updatedAt: now })
      .where(
        and(
          eq(clientSubscriptions.clientId, clientId),
          eq(clientSubscriptions.status, "active"),
          ne(clientSubscriptions.id, subscriptionId),
          sql`${clientSubscriptions.squareSubscriptionId} is null`,
        ),
      )
      .returning({ id: clientSubscriptions.id });
    const [active] = await tx
      .select({ id: clientSubscriptions.id })
      .from(clientSubscriptions)
      .where(and(eq(clientSubscriptions.clientId, clientId), eq(clientSubscriptions.status, "active")));
    if (active) throw new AppError("conflict", SQUARE_RUN_ACTIVE);
    await tx
      .update(clientSubscriptions)
      .set({
        status: "active",
        activatedAt: now,
        decisionReason: null,
        updatedAt: now,
        ...(square ? { squareSubscriptionId: square.squareSubscriptionId, squareCustomerId: square.squareCustomerId } : {}),
      })
      .where(eq(clientSubscriptions.id, subscriptionId));
    const period = square
      ? await startSquareBilling(tx, subscriptionId, now)
      : await startBilling(tx, { subscriptionId, tierId: request.tierId, amountCents: request.price, now });
    await recordAudit(tx, {
      actor,
      action: "subscription.confirm",
      entityType: "client_subscription",
      entityId: subscriptionId,
      clientId,
      before: { status: "pending" },
      after: {
        status: "active",
        replaced: replaced.map((r) => r.id),
        billing: square ? "square_subscription" : "invoice_per_period",
        nextBillingDate: period.end,
      },
    });
    return {
      id: subscriptionId,
      status: "active" as const,
      billing: square ? ("square" as const) : ("invoice" as const),
      nextBillingDate: period.end,
    };
  });
  // The first period is billed now; when Square cannot take it, the tick tries again.
  if (!square) await billDuePeriods(db, now, { subscriptionId });
  return result;
}

/** A Square subscription's next billing date until Square reports its paid-through date. */
async function startSquareBilling(tx: DbOrTx, subscriptionId: string, now: Date) {
  const period = firstPeriod(utcDay(now));
  await tx
    .update(clientSubscriptions)
    .set({ currentPeriodStart: new Date(`${period.start}T00:00:00Z`), currentPeriodEnd: new Date(`${period.end}T00:00:00Z`) })
    .where(eq(clientSubscriptions.id, subscriptionId));
  return period;
}
