import "server-only";
import { sql } from "drizzle-orm";
import type { Square } from "square";
import type { SubscriptionStatus } from "@/lib/domain/subscription-status";
import type { DbOrTx } from "@/server/core/db/client";

// Square subscriptions → our client_subscriptions rows that carry their id. Rows are never
// created here (a subscription is tied to one of our tiers by the admin or the checkout), only
// kept in step: status and the end of the paid period.

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

type SubscriptionUpdate = { id: string; status: SubscriptionStatus; period_end: string | null; version: number | null };

/** Square's version (a BigInt in the SDK), when it is a safe integer. */
function versionOf(value: bigint | number | undefined): number | null {
  if (value === undefined || value === null) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

export function subscriptionUpdates(subscriptions: Square.Subscription[]): SubscriptionUpdate[] {
  const updates: SubscriptionUpdate[] = [];
  for (const s of subscriptions) {
    const status = mapSubscriptionStatus(s.status);
    if (!s.id || !status) continue;
    const through = s.chargedThroughDate && /^\d{4}-\d{2}-\d{2}$/.test(s.chargedThroughDate) ? `${s.chargedThroughDate}T00:00:00Z` : null;
    updates.push({ id: s.id.replaceAll("\u0000", ""), status, period_end: through, version: versionOf(s.version) });
  }
  return updates;
}

/**
 * One statement for all of them. A row only becomes active when its client has no other active
 * subscription (the one-active-per-client rule); unchanged rows are not touched, and an update
 * older than the stored version (a late webhook) is not applied.
 */
export async function applySubscriptionUpdates(db: DbOrTx, subscriptions: Square.Subscription[]): Promise<number> {
  const updates = subscriptionUpdates(subscriptions);
  if (updates.length === 0) return 0;
  const result = (await db.execute(sql`
    update client_subscriptions as cs
       set status = v.status,
           current_period_end = coalesce(v.period_end, cs.current_period_end),
           square_version = coalesce(v.version, cs.square_version),
           activated_at = coalesce(cs.activated_at, case when v.status = 'active' then now() end),
           updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as v(id text, status text, period_end timestamptz, version bigint)
     where cs.square_subscription_id = v.id
       and coalesce(v.version, 0) >= coalesce(cs.square_version, 0)
       -- a new version with the same values changes nothing (the version is stored with a change)
       and (cs.status, cs.current_period_end) is distinct from (v.status, coalesce(v.period_end, cs.current_period_end))
       and (v.status <> 'active' or cs.status = 'active' or not exists (
             select 1 from client_subscriptions o where o.client_id = cs.client_id and o.status = 'active' and o.id <> cs.id))
    returning cs.id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}
