import "server-only";
import { and, eq, isNull, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import type { SquarePorts, SquareSubscriptionRow, SquareSubscriptionUpdate } from "@/features/square/server";
import { clientSubscriptions } from "./schema";

// What Square's sync, webhook and customer screens read and write of the subscription rows (square's
// SquarePorts, handed over at start): Square's state kept in step, a subscription made in Square
// created, and a customer's subscriptions given the client an admin or the sync linked it to.

const unowned = (squareCustomerId: SQLWrapper) =>
  and(isNull(clientSubscriptions.clientId), eq(clientSubscriptions.squareCustomerId, squareCustomerId));

/**
 * One statement for all of them. A plan swapped at Square (the seller's dashboard, or our SwapPlan
 * once it takes effect) names another plan variation: the row moves to the plan linked to it (none
 * linked: the plan stays). A row only becomes active when its client has no other active
 * subscription (the one-active-per-client rule); unchanged rows are not touched, and an update
 * older than the stored version (a late webhook) is not applied.
 */
async function applyUpdates(db: DbOrTx, updates: SquareSubscriptionUpdate[]): Promise<number> {
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

async function planOfVariation(db: DbOrTx, variation: string): Promise<string | null> {
  const tiers = (await db.execute(sql`
    select id from subscription_tiers where square_plan_variation_id = ${variation}
     order by is_active desc, created_at limit 1`)) as unknown as { rows: { id: string }[] };
  return tiers.rows[0]?.id ?? null;
}

/** The client's request for this plan, asked in the portal: Square's subscription is its answer. */
async function adoptPendingRequest(
  db: DbOrTx,
  request: { clientId: string; tierId: string; squareSubscriptionId: string; squareCustomerId: string },
): Promise<boolean> {
  const adopted = (await db.execute(sql`
    update client_subscriptions set square_subscription_id = ${request.squareSubscriptionId},
           square_customer_id = ${request.squareCustomerId}, updated_at = now()
     where client_id = ${request.clientId} and tier_id = ${request.tierId} and status = 'pending' and square_subscription_id is null
    returning id`)) as unknown as { rows: unknown[] };
  return adopted.rows.length > 0;
}

async function insertFromSquare(db: DbOrTx, row: SquareSubscriptionRow): Promise<void> {
  await db.execute(sql`
    insert into client_subscriptions (client_id, square_customer_id, square_subscription_id, tier_id, status,
                                      current_period_end, square_version, activated_at)
    select ${row.clientId}::uuid, ${row.squareCustomerId}, ${row.squareSubscriptionId}, ${row.tierId}::uuid, s.status,
           ${row.periodEnd}::timestamptz, ${row.version}::bigint, case when s.status = 'active' then now() end
      from (select case when ${row.status} = 'active' and exists (
                     select 1 from client_subscriptions o where o.client_id = ${row.clientId}::uuid and o.status = 'active')
                   then 'pending' else ${row.status} end as status) s
    on conflict do nothing`);
}

async function assignToLinkedClients(db: DbOrTx, linked: SQL): Promise<void> {
  await db.execute(sql`
    update client_subscriptions cs
       set client_id = sc.client_id, updated_at = now(),
           status = case when cs.status = 'active' and exists (
                      select 1 from client_subscriptions o where o.client_id = sc.client_id and o.status = 'active')
                    then 'pending' else cs.status end
      from ${linked} sc
     where cs.client_id is null and cs.square_customer_id = sc.square_customer_id`);
}

export const squareSubscriptionsPort: SquarePorts["subscriptions"] = {
  unownedCountSql: (squareCustomerId) =>
    sql<number>`${sql`(select count(*) from ${clientSubscriptions} where ${unowned(squareCustomerId)})::int`}`,
  hasUnownedSql: (squareCustomerId) =>
    sql<boolean>`${sql`exists (select 1 from ${clientSubscriptions} where ${unowned(squareCustomerId)})`}`,
  assignToLinkedClients,
  applyUpdates,
  planOfVariation,
  adoptPendingRequest,
  insertFromSquare,
};
