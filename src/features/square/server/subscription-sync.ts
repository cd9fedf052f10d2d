import "server-only";
import { sql } from "drizzle-orm";
import type { Square } from "square";
import type { SubscriptionStatus } from "@/lib/domain/subscription-status";
import { hasInvalidCharacter, isoDateSchema } from "@/lib/validation/common";
import type { DbOrTx } from "@/server/core/db/client";
import { linkedClientsOf, recordSeenCustomers } from "./customer-links";

// Square subscriptions → our client_subscriptions rows that carry their id: kept in step (status
// and the end of the paid period) by the sync and the webhook; the webhook also creates the row of
// a subscription made in Square (createSubscriptionFromSquare).

/** ACTIVE → active, PAUSED → paused, CANCELED/DEACTIVATED/COMPLETED → cancelled; PENDING changes nothing. */
export function mapSubscriptionStatus(status: string | undefined): SubscriptionStatus | null {
  switch (status) {
    case "ACTIVE":
      return "active";
    case "PAUSED":
      return "paused";
    case "CANCELED":
    case "DEACTIVATED":
    case "COMPLETED":
      return "cancelled";
    default:
      return null;
  }
}

type SubscriptionUpdate = {
  id: string;
  status: SubscriptionStatus;
  period_end: string | null;
  version: number | null;
  /** The plan variation Square bills now: a plan swapped at Square moves the row to that plan. */
  variation: string | null;
};

/** Square's version (a BigInt in the SDK), when it is a safe integer. */
function versionOf(value: bigint | number | undefined): number | null {
  if (value === undefined || value === null) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** A real calendar date, or null: "2026-99-99" matches the pattern and fails PostgreSQL's cast. */
function realDate(value: string | null | undefined): string | null {
  return typeof value === "string" && isoDateSchema.safeParse(value).success ? value : null;
}

/**
 * What in a subscription from a webhook could not be stored as it is (its ids are looked up and
 * stored as text, its date cast by PostgreSQL), as the reason of a 400; null when nothing. The
 * sync, which reads Square's own API, drops such values instead (subscriptionUpdates).
 */
export function subscriptionProblem(subscription: Square.Subscription): string | null {
  for (const [field, value] of [
    ["id", subscription.id],
    ["customer_id", subscription.customerId],
    ["plan_variation_id", subscription.planVariationId],
  ] as const) {
    if (value !== undefined && value !== null && (typeof value !== "string" || hasInvalidCharacter(value)))
      return `The event's subscription has an invalid ${field}: it must be text without NUL or lone surrogates.`;
  }
  const through = subscription.chargedThroughDate;
  if (through !== undefined && through !== null && !realDate(through))
    return "The event's subscription has a charged_through_date that is not a real date.";
  return null;
}

export function subscriptionUpdates(subscriptions: Square.Subscription[]): SubscriptionUpdate[] {
  const updates: SubscriptionUpdate[] = [];
  for (const s of subscriptions) {
    const status = mapSubscriptionStatus(s.status);
    if (!s.id || !status) continue;
    const day = realDate(s.chargedThroughDate);
    const through = day ? `${day}T00:00:00Z` : null;
    const variation = typeof s.planVariationId === "string" ? s.planVariationId.replaceAll("\u0000", "") || null : null;
    updates.push({ id: s.id.replaceAll("\u0000", ""), status, period_end: through, version: versionOf(s.version), variation });
  }
  return updates;
}

/**
 * One statement for all of them. A plan swapped at Square (the seller's dashboard, or our SwapPlan
 * once it takes effect) names another plan variation: the row moves to the plan linked to it (none
 * linked: the plan stays). A row only becomes active when its client has no other active
 * subscription (the one-active-per-client rule); unchanged rows are not touched, and an update
 * older than the stored version (a late webhook) is not applied.
 */
export async function applySubscriptionUpdates(db: DbOrTx, subscriptions: Square.Subscription[]): Promise<number> {
  const updates = subscriptionUpdates(subscriptions);
  if (updates.length === 0) return 0;
  const result = (await db.execute(sql`
    update client_subscriptions as cs
       set status = v.status,
           tier_id = coalesce(nt.id, cs.tier_id),
           current_period_end = coalesce(v.period_end, cs.current_period_end),
           square_version = coalesce(v.version, cs.square_version),
           activated_at = coalesce(cs.activated_at, case when v.status = 'active' then now() end),
           -- churn counts an active subscription that Square reports ended
           cancelled_at = case when v.status = 'cancelled' and cs.status <> 'cancelled' and cs.activated_at is not null
                               then now() else cs.cancelled_at end,
           updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as v(id text, status text, period_end timestamptz, version bigint, variation text)
      left join lateral (
        select t.id from subscription_tiers t where t.square_plan_variation_id = v.variation
         order by t.is_active desc, t.created_at limit 1) nt on true
     where cs.square_subscription_id = v.id
       and coalesce(v.version, 0) >= coalesce(cs.square_version, 0)
       -- a new version with the same values changes nothing (the version is stored with a change)
       and (cs.status, cs.current_period_end, cs.tier_id) is distinct from
           (v.status, coalesce(v.period_end, cs.current_period_end), coalesce(nt.id, cs.tier_id))
       and (v.status <> 'active' or cs.status = 'active' or not exists (
             select 1 from client_subscriptions o where o.client_id = cs.client_id and o.status = 'active' and o.id <> cs.id))
    returning cs.id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

const clean = (value: string | null | undefined) => value?.replaceAll("\u0000", "") || null;

/**
 * A subscription Square has and we do not (made in Square's dashboard or by a checkout) becomes a
 * row, on the plan linked to its plan variation, owned by the client its Square customer is
 * linked to, or by none while the customer is linked to no client (it waits in the unmatched
 * queue and shows in no portal, the invoices' ownership rule). A pending request of that client
 * for the same plan becomes it. An active one for a client that already has one waits as pending.
 * False when no plan names its variation (nothing to tie it to). Runs in the caller's transaction.
 */
export async function createSubscriptionFromSquare(db: DbOrTx, subscription: Square.Subscription): Promise<boolean> {
  const squareId = clean(subscription.id);
  const customerId = clean(subscription.customerId);
  const variation = clean(subscription.planVariationId);
  if (!squareId || !customerId || !variation) return false;
  const tiers = (await db.execute(sql`
    select id from subscription_tiers where square_plan_variation_id = ${variation}
     order by is_active desc, created_at limit 1`)) as unknown as { rows: { id: string }[] };
  const tierId = tiers.rows[0]?.id;
  if (!tierId) return false;
  await recordSeenCustomers(db, [{ squareCustomerId: customerId, name: null, email: null }]);
  const clientId = (await linkedClientsOf(db, [customerId])).get(customerId) ?? null;
  const update = subscriptionUpdates([subscription])[0];
  const wanted = update?.status ?? "pending";
  const values = { status: wanted, period_end: update?.period_end ?? null, version: update?.version ?? null };
  if (clientId) {
    // The client's request for this plan, asked in the portal: Square's subscription is its answer.
    const adopted = (await db.execute(sql`
      update client_subscriptions set square_subscription_id = ${squareId}, square_customer_id = ${customerId},
             updated_at = now()
       where client_id = ${clientId} and tier_id = ${tierId} and status = 'pending' and square_subscription_id is null
      returning id`)) as unknown as { rows: unknown[] };
    if (adopted.rows.length > 0) {
      await applySubscriptionUpdates(db, [subscription]);
      return true;
    }
  }
  await db.execute(sql`
    insert into client_subscriptions (client_id, square_customer_id, square_subscription_id, tier_id, status,
                                      current_period_end, square_version, activated_at)
    select ${clientId}::uuid, ${customerId}, ${squareId}, ${tierId}::uuid, s.status, ${values.period_end}::timestamptz,
           ${values.version}::bigint, case when s.status = 'active' then now() end
      from (select case when ${wanted} = 'active' and exists (
                     select 1 from client_subscriptions o where o.client_id = ${clientId}::uuid and o.status = 'active')
                   then 'pending' else ${wanted} end as status) s
    on conflict do nothing`);
  return true;
}
