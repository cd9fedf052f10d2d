import "server-only";
import { asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { Db } from "@/server/core/db/client";
import { clientSubscriptions, subscriptionPeriods, subscriptionTiers } from "./schema";
import { getSquareStatus, squareSubscriptionDashboardUrl, squareSubscriptionTarget } from "@/features/square/server";

// The plan an active subscription switches to, joined a second time under its own name.
const nextTier = alias(subscriptionTiers, "next_tier");

export type PortalTier = {
  id: string;
  tierName: string;
  monthlyPriceCents: number;
  features: string[];
  isPopular: boolean;
  /** The firm's Square checkout link: Subscribe Now opens it (else subscribing is a request). */
  checkoutUrl: string | null;
  /** Linked to a Square plan variation: a plan Square runs can be switched to this one. */
  inSquare: boolean;
};

/** Support plans on offer: active tiers in display order. */
export async function listActiveTiers(db: Db, { actor }: { actor: ClientActor }): Promise<PortalTier[]> {
  assertClient(actor);
  return db
    .select({
      id: subscriptionTiers.id,
      tierName: subscriptionTiers.tierName,
      monthlyPriceCents: subscriptionTiers.monthlyPriceCents,
      features: subscriptionTiers.features,
      isPopular: subscriptionTiers.isPopular,
      checkoutUrl: subscriptionTiers.squareCheckoutUrl,
      inSquare: sql<boolean>`${subscriptionTiers.squarePlanVariationId} is not null`,
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
  /**
   * Square can be reached: a plan Square runs is switched or cancelled there first, so without it
   * neither is offered (docs/PRODUCT.md#portal-book-service).
   */
  squareConnected: boolean;
  /** A plan Square runs, with Square connected: its page on the payment provider's subscription dashboard (the banner's Manage). */
  manageUrl: string | null;
  /**
   * A period of a plan the firm bills that is due and not billed, and why it waits (Square not
   * connected, or the company not linked to a Square customer); billed once that is done.
   */
  billingWaits: { since: string; reason: BillingWaitReason } | null;
};

export type BillingWaitReason = "square_not_connected" | "no_square_customer";

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
  db: Db,
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
      // The oldest period due and not billed yet (firm-billed plans only have periods).
      unbilledSince: sql<string | null>`(select min(${subscriptionPeriods.periodStart})::text from ${subscriptionPeriods}
        where ${subscriptionPeriods.subscriptionId} = ${clientSubscriptions.id} and ${subscriptionPeriods.billedAt} is null
          and ${subscriptionPeriods.periodStart} <= current_date)`,
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
  // Read whatever the state, so the section's query count does not depend on it.
  const { connected: squareConnected } = await getSquareStatus(db, { refresh: false });
  const waitReason: BillingWaitReason | null =
    active?.unbilledSince && active.squareSubscriptionId === null
      ? !squareConnected
        ? "square_not_connected"
        : (await squareSubscriptionTarget(db, { clientId: actor.clientId }))
          ? null
          : "no_square_customer"
      : null;
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
          squareConnected,
          manageUrl: active.squareSubscriptionId && squareConnected ? squareSubscriptionDashboardUrl(active.squareSubscriptionId) : null,
          billingWaits: waitReason && active.unbilledSince ? { since: active.unbilledSince, reason: waitReason } : null,
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
