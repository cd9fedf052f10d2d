import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { SubscriptionStatus } from "@/lib/domain/subscription-status";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import { containsAny, matchingCount, splitTotal } from "@/server/core/db/admin-sql";
import type { DbOrTx } from "@/server/core/db/client";
import { clients, clientSubscriptions, subscriptionTiers } from "@/server/core/db/schema";
import { alias } from "drizzle-orm/pg-core";
import { subscriptionMetrics } from "./plan-metrics";

// The plan a subscription switches to at its next billing date.
const nextTier = alias(subscriptionTiers, "next_tier");

/**
 * Subscription cards (docs/PRODUCT.md#admin-subscriptions): MRR, active count, average and churn
 * from every subscription that was ever active (plan-metrics.ts holds the rules).
 */
export async function getSubscriptionStats(db: DbOrTx, { actor, now = new Date() }: { actor: AdminActor; now?: Date }) {
  assertAdmin(actor);
  const rows = await db
    .select({
      status: clientSubscriptions.status,
      monthlyPriceCents: subscriptionTiers.monthlyPriceCents,
      activatedAt: clientSubscriptions.activatedAt,
      cancelledAt: clientSubscriptions.cancelledAt,
    })
    .from(clientSubscriptions)
    .innerJoin(subscriptionTiers, eq(subscriptionTiers.id, clientSubscriptions.tierId))
    .where(sql`${clientSubscriptions.status} = 'active' or ${clientSubscriptions.activatedAt} is not null`);
  const [any] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(clientSubscriptions);
  const metrics = subscriptionMetrics(rows, now);
  return {
    mrrCents: metrics.mrrCents,
    activeCount: metrics.activeCount,
    averageMrrCents: metrics.averageMrrCents,
    churnRatePercent: metrics.churnRatePercent,
    hasAny: (any?.n ?? 0) > 0,
  };
}

/** Subscriptions with client and tier, newest first; search on client company or tier name. */
export async function listAdminSubscriptions(
  db: DbOrTx,
  { actor, q = "", status = "all", limit = 200 }: { actor: AdminActor; q?: string; status?: SubscriptionStatus | "all"; limit?: number },
) {
  assertAdmin(actor);
  const rows = await db
    .select({
      id: clientSubscriptions.id,
      company: clients.company,
      clientId: clients.id,
      tierName: subscriptionTiers.tierName,
      monthlyPriceCents: subscriptionTiers.monthlyPriceCents,
      status: clientSubscriptions.status,
      currentPeriodEnd: clientSubscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: clientSubscriptions.cancelAtPeriodEnd,
      nextTierName: nextTier.tierName,
      squareSubscriptionId: clientSubscriptions.squareSubscriptionId,
      createdAt: clientSubscriptions.createdAt,
      total: matchingCount(),
    })
    .from(clientSubscriptions)
    .innerJoin(clients, eq(clients.id, clientSubscriptions.clientId))
    .innerJoin(subscriptionTiers, eq(subscriptionTiers.id, clientSubscriptions.tierId))
    .leftJoin(nextTier, eq(nextTier.id, clientSubscriptions.nextTierId))
    .where(
      and(
        status === "all" ? undefined : eq(clientSubscriptions.status, status),
        containsAny(q, [clients.company, subscriptionTiers.tierName]),
      ),
    )
    .orderBy(desc(clientSubscriptions.createdAt), desc(clientSubscriptions.id))
    .limit(limit);
  return splitTotal(rows);
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
