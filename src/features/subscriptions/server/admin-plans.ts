import "server-only";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { SupportPlanValues } from "@/features/subscriptions/validation";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { subscriptionTiers } from "./schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";

// The support plans an admin defines in Settings (docs/PRODUCT.md#admin-settings). A plan is a
// row of subscription_tiers; retiring it takes it off Book Service and keeps its subscribers.

export type AdminPlan = {
  id: string;
  name: string;
  monthlyPriceCents: number;
  features: string[];
  highlighted: boolean;
  retired: boolean;
  squarePlanVariationId: string | null;
  /** The firm's Square checkout link for the plan (https), or null: subscribing is then a request. */
  squareCheckoutUrl: string | null;
  /** Subscriptions on this plan that are active or waiting to be. */
  subscriberCount: number;
};

const PLAN_NOT_FOUND = "Support plan not found";

/** Every plan: those on offer in their Book Service order, then the retired ones by name. */
export async function listAdminPlans(db: DbOrTx, { actor }: { actor: AdminActor }): Promise<AdminPlan[]> {
  assertAdmin(actor);
  return db
    .select({
      id: subscriptionTiers.id,
      name: subscriptionTiers.tierName,
      monthlyPriceCents: subscriptionTiers.monthlyPriceCents,
      features: subscriptionTiers.features,
      highlighted: subscriptionTiers.isPopular,
      retired: sql<boolean>`not ${subscriptionTiers.isActive}`,
      squarePlanVariationId: subscriptionTiers.squarePlanVariationId,
      squareCheckoutUrl: subscriptionTiers.squareCheckoutUrl,
      // Written out: in a one-table select Drizzle leaves columns unqualified, and "id" would be the subquery's own.
      subscriberCount: sql<number>`(select count(*) from client_subscriptions s
        where s.tier_id = subscription_tiers.id and s.status in ('active', 'pending'))::int`,
    })
    .from(subscriptionTiers)
    .orderBy(
      desc(subscriptionTiers.isActive),
      asc(subscriptionTiers.displayOrder),
      asc(subscriptionTiers.tierName),
      asc(subscriptionTiers.id),
    );
}

const columnsOf = (input: SupportPlanValues) => ({
  tierName: input.name,
  monthlyPriceCents: input.monthlyPrice,
  features: input.features,
  isPopular: input.highlighted,
  squarePlanVariationId: input.squarePlanVariationId,
  squareCheckoutUrl: input.squareCheckoutUrl,
});

/** After the last plan on offer: where a new or restored plan goes in Book Service. */
const nextOrder = sql<number>`(select coalesce(max(${subscriptionTiers.displayOrder}), -1) + 1 from ${subscriptionTiers} where ${subscriptionTiers.isActive})`;

/** Creates a plan (offered last) or edits one; audited. */
export async function saveSupportPlan(db: DbOrTx, { actor, input }: { actor: AdminActor; input: SupportPlanValues }) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    if (!input.id) {
      const [created] = await tx
        .insert(subscriptionTiers)
        .values({ ...columnsOf(input), displayOrder: nextOrder, isActive: true })
        .returning({ id: subscriptionTiers.id });
      await recordAudit(tx, {
        actor,
        action: "plan.create",
        entityType: "subscription_tier",
        entityId: created!.id,
        after: columnsOf(input),
      });
      return { id: created!.id };
    }
    const [before] = await tx.select().from(subscriptionTiers).where(eq(subscriptionTiers.id, input.id)).for("update");
    if (!before) throw new AppError("not_found", PLAN_NOT_FOUND);
    await tx.update(subscriptionTiers).set(columnsOf(input)).where(eq(subscriptionTiers.id, input.id));
    await recordAudit(tx, {
      actor,
      action: "plan.update",
      entityType: "subscription_tier",
      entityId: input.id,
      before: {
        tierName: before.tierName,
        monthlyPriceCents: before.monthlyPriceCents,
        features: before.features,
        isPopular: before.isPopular,
        squarePlanVariationId: before.squarePlanVariationId,
        squareCheckoutUrl: before.squareCheckoutUrl,
      },
      after: columnsOf(input),
    });
    return { id: input.id };
  });
}

/**
 * Moves a plan on offer one place up or down in Book Service. The plans on offer are numbered
 * again from 0 in their current order first, so equal or gapped orders (seeded, restored) still
 * move by exactly one place.
 */
export async function moveSupportPlan(
  db: DbOrTx,
  { actor, planId, direction }: { actor: AdminActor; planId: string; direction: "up" | "down" },
) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    // Locks the plans on offer: two admins reordering at once apply one after the other.
    const offered = await tx
      .select({ id: subscriptionTiers.id })
      .from(subscriptionTiers)
      .where(eq(subscriptionTiers.isActive, true))
      .orderBy(asc(subscriptionTiers.displayOrder), asc(subscriptionTiers.tierName), asc(subscriptionTiers.id))
      .for("update");
    const ids = offered.map((p) => p.id);
    const at = ids.indexOf(planId);
    if (at < 0) throw new AppError("not_found", PLAN_NOT_FOUND);
    const to = direction === "up" ? at - 1 : at + 1;
    if (to >= 0 && to < ids.length) [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    await tx.execute(sql`update ${subscriptionTiers} set display_order = o.n - 1
      from unnest(${`{${ids.join(",")}}`}::uuid[]) with ordinality as o(id, n) where ${subscriptionTiers.id} = o.id`);
    await recordAudit(tx, { actor, action: "plan.move", entityType: "subscription_tier", entityId: planId, after: { order: ids } });
    return { order: ids };
  });
}

/** Retires a plan (no longer offered; its subscribers keep it) or offers it again, last. */
export async function setSupportPlanRetired(
  db: DbOrTx,
  { actor, planId, retired }: { actor: AdminActor; planId: string; retired: boolean },
) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .update(subscriptionTiers)
      .set(retired ? { isActive: false } : { isActive: true, displayOrder: nextOrder })
      .where(and(eq(subscriptionTiers.id, planId), eq(subscriptionTiers.isActive, retired)))
      .returning({ id: subscriptionTiers.id });
    if (!plan) {
      const [exists] = await tx.select({ id: subscriptionTiers.id }).from(subscriptionTiers).where(eq(subscriptionTiers.id, planId));
      if (!exists) throw new AppError("not_found", PLAN_NOT_FOUND);
      return { id: planId, retired };
    }
    await recordAudit(tx, { actor, action: retired ? "plan.retire" : "plan.restore", entityType: "subscription_tier", entityId: planId });
    return { id: planId, retired };
  });
}
