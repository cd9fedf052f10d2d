import "server-only";
import { asc, desc, eq } from "drizzle-orm";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { clientSubscriptions, subscriptionTiers } from "@/server/core/db/schema";
import { squareSubscriptionDashboardUrl, squareSubscriptionsDashboardUrl } from "@/features/square/server";

export type PortalTier = {
  id: string;
  tierName: string;
  monthlyPriceCents: number;
  features: string[];
  isPopular: boolean;
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
  /** Run by Square (changed there, Manage opens it); otherwise the client cancels it here. */
  managedBySquare: boolean;
  /** Where the plan is managed (payment provider's subscription page). */
  manageUrl: string;
};

/** A plan request the client sees: waiting, or declined with the admin's reason. */
export type PortalPlanRequest = {
  id: string;
  tierName: string;
  status: "pending" | "declined";
  reason: string | null;
  /** Created in Square and waiting for Square to confirm it: changed there, not withdrawn here. */
  inSquare: boolean;
};

/**
 * The client's plan state in one query: its active subscription with its tier (a client has at
 * most one), and its plan request: the one waiting, else the latest declined one when nothing
 * changed after it.
 */
export async function getPortalPlanState(
  db: DbOrTx,
  { actor }: { actor: ClientActor },
): Promise<{ subscription: PortalSubscription | null; planRequest: PortalPlanRequest | null }> {
  assertClient(actor);
  const rows = await db
    .select({
      id: clientSubscriptions.id,
      tierId: clientSubscriptions.tierId,
      tierName: subscriptionTiers.tierName,
      monthlyPriceCents: subscriptionTiers.monthlyPriceCents,
      status: clientSubscriptions.status,
      reason: clientSubscriptions.decisionReason,
      currentPeriodEnd: clientSubscriptions.currentPeriodEnd,
      squareSubscriptionId: clientSubscriptions.squareSubscriptionId,
    })
    .from(clientSubscriptions)
    .innerJoin(subscriptionTiers, eq(subscriptionTiers.id, clientSubscriptions.tierId))
    .where(eq(clientSubscriptions.clientId, actor.clientId))
    .orderBy(desc(clientSubscriptions.updatedAt), desc(clientSubscriptions.createdAt))
    .limit(20);
  const active = rows.find((r) => r.status === "active");
  const pending = rows.find((r) => r.status === "pending");
  const latest = rows.find((r) => r.status !== "pending");
  const request = pending ?? (latest?.status === "declined" ? latest : undefined);
  return {
    subscription: active
      ? {
          id: active.id,
          tierId: active.tierId,
          tierName: active.tierName,
          monthlyPriceCents: active.monthlyPriceCents,
          currentPeriodEnd: active.currentPeriodEnd?.toISOString() ?? null,
          managedBySquare: active.squareSubscriptionId !== null,
          manageUrl: active.squareSubscriptionId
            ? squareSubscriptionDashboardUrl(active.squareSubscriptionId)
            : squareSubscriptionsDashboardUrl(),
        }
      : null,
    planRequest: request
      ? {
          id: request.id,
          tierName: request.tierName,
          status: request.status as "pending" | "declined",
          reason: request.reason,
          inSquare: request.squareSubscriptionId !== null,
        }
      : null,
  };
}
