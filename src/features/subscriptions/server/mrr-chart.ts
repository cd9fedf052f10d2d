import "server-only";
import { sql } from "drizzle-orm";
import { todayIso } from "@/lib/format";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { monthRows } from "@/server/core/db/month-chart";
import { clientSubscriptions, subscriptionTiers } from "./schema";

/**
 * Monthly recurring revenue at the end of each month, rebuilt from what is stored: a subscription
 * counts from the month it was created at its tier's monthly price; one that is no longer active
 * stops counting at its last change. The current month equals the MRR card of Subscriptions.
 * One statement (docs/PRODUCT.md#revenue-charts).
 */
export async function getMrrByMonth(db: DbOrTx, { actor, today = todayIso() }: { actor: AdminActor; today?: string }) {
  assertAdmin(actor);
  return monthRows(
    db,
    today,
    {
      sums: sql`coalesce(sum(${subscriptionTiers.monthlyPriceCents}), 0)::bigint as mrr`,
      join: sql`(${clientSubscriptions} inner join ${subscriptionTiers} on ${subscriptionTiers.id} = ${clientSubscriptions.tierId})
                on ${clientSubscriptions.activatedAt} < months.month_end
               and (${clientSubscriptions.status} = 'active' or ${clientSubscriptions.updatedAt} >= months.month_end)`,
    },
    ["mrr"] as const,
  );
}
