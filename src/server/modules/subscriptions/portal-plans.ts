import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { clientSubscriptions, subscriptionTiers } from "@/server/core/db/schema";
import { squareSubscriptionDashboardUrl, squareSubscriptionsDashboardUrl } from "@/server/modules/square";

export type PortalTier = {
  id: string;
  tierName: string;
  monthlyPriceCents: number;
  features: string[];
  isPopular: boolean;
  squareCheckoutUrl: string | null;
};

/** Support plans on offer: active tiers in display order. */
export async function listActiveTiers(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<PortalTier[]> {
  assertClient(actor);
  return db
    .select({
      id: subscriptionTiers.id,
      tierName: subscriptionTiers.tierName,
      monthlyPriceCents: subscriptionTiers.monthlyPriceCents,
      features: subscriptionTiers.features,
      isPopular: subscriptionTiers.isPopular,
      squareCheckoutUrl: subscriptionTiers.squareCheckoutUrl,
    })
    .from(subscriptionTiers)
    .where(eq(subscriptionTiers.isActive, true))
    .orderBy(asc(subscriptionTiers.displayOrder), asc(subscriptionTiers.tierName));
}

export type PortalSubscription = {
  id: string;
  tierId: string;
  tierName: string;
  monthlyPriceCents: number;
  currentPeriodEnd: string | null;
  /** Where the plan is managed (payment provider's subscription page). */
  manageUrl: string;
};

/** The client's active subscription with its tier, or null (a client has at most one). */
export async function getActiveSubscription(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<PortalSubscription | null> {
  assertClient(actor);
  const [row] = await db
    .select({
      id: clientSubscriptions.id,
      tierId: clientSubscriptions.tierId,
      tierName: subscriptionTiers.tierName,
      monthlyPriceCents: subscriptionTiers.monthlyPriceCents,
      currentPeriodEnd: clientSubscriptions.currentPeriodEnd,
      squareSubscriptionId: clientSubscriptions.squareSubscriptionId,
    })
    .from(clientSubscriptions)
    .innerJoin(subscriptionTiers, eq(subscriptionTiers.id, clientSubscriptions.tierId))
    .where(and(eq(clientSubscriptions.clientId, actor.clientId), eq(clientSubscriptions.status, "active")))
    .limit(1);
  if (!row) return null;
  const { squareSubscriptionId, currentPeriodEnd, ...rest } = row;
  return {
    ...rest,
    currentPeriodEnd: currentPeriodEnd?.toISOString() ?? null,
    manageUrl: squareSubscriptionId ? squareSubscriptionDashboardUrl(squareSubscriptionId) : squareSubscriptionsDashboardUrl(),
  };
}
