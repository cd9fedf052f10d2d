import "server-only";
import { asc, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { clientSubscriptions, subscriptionTiers } from "@/server/core/db/schema";

// The plan an active subscription switches to, joined a second time under its own name.
const nextTier = alias(subscriptionTiers, "next_tier");

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
  /** The next billing date: the end of the period already billed. */
  currentPeriodEnd: string | null;
  /** Billed by a Square subscription (else by an invoice per period); managed here either way. */
  managedBySquare: boolean;
  /** The plan ends at the end of its period (no next invoice). */
  cancelAtPeriodEnd: boolean;
  /** The plan it switches to from the next billing date, with that plan's price. */
  nextTier: { id: string; tierName: string; monthlyPriceCents: number } | null;
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
      cancelAtPeriodEnd: clientSubscriptions.cancelAtPeriodEnd,
      nextTierId: clientSubscriptions.nextTierId,
      nextTierName: nextTier.tierName,
      nextTierPriceCents: nextTier.monthlyPriceCents,
    })
    .from(clientSubscriptions)
    .innerJoin(subscriptionTiers, eq(subscriptionTiers.id, clientSubscriptions.tierId))
    .leftJoin(nextTier, eq(nextTier.id, clientSubscriptions.nextTierId))
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
          cancelAtPeriodEnd: active.cancelAtPeriodEnd,
          nextTier:
            active.nextTierId && active.nextTierName !== null && active.nextTierPriceCents !== null
              ? { id: active.nextTierId, tierName: active.nextTierName, monthlyPriceCents: active.nextTierPriceCents }
              : null,
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
