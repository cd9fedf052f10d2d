import "server-only";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { SubscriptionStatus } from "@/lib/domain/subscription-status";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import { containsAny, matchingCount, splitTotal } from "@/server/core/db/admin-sql";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { clientSubscriptions, subscriptionPeriods, subscriptionTiers } from "./schema";
import { getSquareStatus, hasSquareCustomerSql } from "@/features/square/server";
import type { BillingWaitReason } from "./portal-plans";
import { alias } from "drizzle-orm/pg-core";
import { subscriptionMetrics } from "./plan-metrics";
import { companyNameSql } from "@/features/clients/server";

// The plan a subscription switches to at its next billing date.
const nextTier = alias(subscriptionTiers, "next_tier");

/** A subscription whose due period the firm has not billed yet (it waits for Square or a customer link). */
const waitsForBilling = sql`exists (select 1 from ${subscriptionPeriods}
  where ${subscriptionPeriods.subscriptionId} = ${clientSubscriptions.id} and ${subscriptionPeriods.billedAt} is null
    and ${subscriptionPeriods.periodStart} <= current_date)`;

/**
 * Subscription cards (docs/PRODUCT.md#admin-subscriptions): MRR, active count, average and churn
 * from every subscription that was ever active (plan-metrics.ts holds the rules).
 */
export async function getSubscriptionStats(db: DbOrTx, { actor, now = new Date() }: { actor: AdminActor; now?: Date }) {
  assertAdmin(actor);
  // Three independent reads, side by side.
  const [rows, [any], unbilled] = await Promise.all([
    db
      .select({
        status: clientSubscriptions.status,
        monthlyPriceCents: subscriptionTiers.monthlyPriceCents,
        activatedAt: clientSubscriptions.activatedAt,
        cancelledAt: clientSubscriptions.cancelledAt,
      })
      .from(clientSubscriptions)
      .innerJoin(subscriptionTiers, eq(subscriptionTiers.id, clientSubscriptions.tierId))
      .where(sql`${clientSubscriptions.status} = 'active' or ${clientSubscriptions.activatedAt} is not null`),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(clientSubscriptions),
    getUnbilledMrr(db, { actor }),
  ]);
  const metrics = subscriptionMetrics(rows, now);
  return {
    mrrCents: metrics.mrrCents,
    unbilledMrrCents: unbilled.unbilledMrrCents,
    unbilledCount: unbilled.unbilledCount,
    activeCount: metrics.activeCount,
    averageMrrCents: metrics.averageMrrCents,
    churnRatePercent: metrics.churnRatePercent,
    hasAny: (any?.n ?? 0) > 0,
  };
}

/**
 * The share of MRR that bills nothing yet (one statement): active plans the firm bills whose due
 * period waits (Square not connected, or no Square customer link), so the figure does not pass for
 * income. The dashboard's chart note needs only this, not the subscription cards' figures.
 */
export async function getUnbilledMrr(db: DbOrTx, { actor }: { actor: AdminActor }) {
  assertAdmin(actor);
  const [unbilled] = await db
    .select({
      cents: sql<number>`coalesce(sum(${subscriptionTiers.monthlyPriceCents}), 0)`.mapWith(Number),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(clientSubscriptions)
    .innerJoin(subscriptionTiers, eq(subscriptionTiers.id, clientSubscriptions.tierId))
    .where(and(eq(clientSubscriptions.status, "active"), waitsForBilling));
  return { unbilledMrrCents: unbilled?.cents ?? 0, unbilledCount: unbilled?.count ?? 0 };
}

/**
 * Subscriptions with client and tier, newest first; search on client company or tier name. A plan
 * the firm bills whose due period is not billed says why (`billingWaits`): Square not connected,
 * or the company linked to no Square customer (docs/PRODUCT.md#admin-subscriptions).
 */
export async function listAdminSubscriptions(
  db: Db,
  { actor, q = "", status = "all", limit = 200 }: { actor: AdminActor; q?: string; status?: SubscriptionStatus | "all"; limit?: number },
) {
  assertAdmin(actor);
  const rows = await db
    .select({
      id: clientSubscriptions.id,
      company: companyNameSql(clientSubscriptions.clientId),
      // Never null here: the where keeps the subscriptions linked to a client.
      clientId: sql<string>`${clientSubscriptions.clientId}`,
      tierName: subscriptionTiers.tierName,
      monthlyPriceCents: subscriptionTiers.monthlyPriceCents,
      status: clientSubscriptions.status,
      currentPeriodEnd: clientSubscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: clientSubscriptions.cancelAtPeriodEnd,
      nextTierName: nextTier.tierName,
      squareSubscriptionId: clientSubscriptions.squareSubscriptionId,
      createdAt: clientSubscriptions.createdAt,
      waitsForBilling: sql<boolean>`${waitsForBilling}`,
      hasSquareCustomer: hasSquareCustomerSql(clientSubscriptions.clientId),
      total: matchingCount(),
    })
    .from(clientSubscriptions)
    .innerJoin(subscriptionTiers, eq(subscriptionTiers.id, clientSubscriptions.tierId))
    .leftJoin(nextTier, eq(nextTier.id, clientSubscriptions.nextTierId))
    .where(
      and(
        isNotNull(clientSubscriptions.clientId),
        status === "all" ? undefined : eq(clientSubscriptions.status, status),
        containsAny(q, [companyNameSql(clientSubscriptions.clientId), subscriptionTiers.tierName]),
      ),
    )
    .orderBy(desc(clientSubscriptions.createdAt), desc(clientSubscriptions.id))
    .limit(limit);
  const { connected } = await getSquareStatus(db, { refresh: false });
  const { rows: listed, total } = splitTotal(rows);
  const waitReason = (row: (typeof listed)[number]): BillingWaitReason | null => {
    if (row.status !== "active" || row.squareSubscriptionId !== null || !row.waitsForBilling) return null;
    if (!connected) return "square_not_connected";
    return row.hasSquareCustomer ? null : "no_square_customer";
  };
  return {
    total,
    rows: listed.map((row) => {
      const { waitsForBilling: _waits, hasSquareCustomer: _linked, ...shown } = row;
      return { ...shown, billingWaits: waitReason(row) };
    }),
  };
}

/** A company's subscriptions for the firm (its client page), newest first. */
export async function listClientSubscriptionsForAdmin(db: DbOrTx, { actor, clientId }: { actor: AdminActor; clientId: string }) {
  assertAdmin(actor);
  return db
    .select({
      id: clientSubscriptions.id,
      tierName: subscriptionTiers.tierName,
      monthlyPriceCents: subscriptionTiers.monthlyPriceCents,
      status: clientSubscriptions.status,
      currentPeriodEnd: clientSubscriptions.currentPeriodEnd,
    })
    .from(clientSubscriptions)
    .innerJoin(subscriptionTiers, eq(subscriptionTiers.id, clientSubscriptions.tierId))
    .where(eq(clientSubscriptions.clientId, clientId))
    .orderBy(desc(clientSubscriptions.createdAt), desc(clientSubscriptions.id))
    .limit(5);
}
