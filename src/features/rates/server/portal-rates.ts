import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { clientRates } from "./schema";
import { defaultRateCardsOf, defaultRatesSql } from "@/features/settings/server";
import { rateCardColumns } from "./columns";

export type PortalRate = {
  id: string;
  serviceType: string;
  hourlyRateCents: number;
  monthlyRetainerCents: number | null;
  discountTier: string | null;
  description: string | null;
  effectiveFrom: string | null;
};

/**
 * The client's contracting rates by service type, or the firm's default cards when it has none
 * (Settings; docs/PRODUCT.md#rules-default-rate-cards). One query either way: the portal load
 * counts its queries (src/features/portal/tests/portal-query-count.test.ts).
 */
export async function listPortalRates(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<{ rates: PortalRate[]; isDefault: boolean }> {
  assertClient(actor);
  const rows = await db
    .select({ ...rateCardColumns, defaults: defaultRatesSql })
    .from(sql`(select 1) as one`)
    .leftJoin(clientRates, eq(clientRates.clientId, actor.clientId))
    .orderBy(asc(clientRates.serviceType), asc(clientRates.effectiveFrom));
  const rates = rows.flatMap(({ defaults: _defaults, ...rate }) => (rate.id === null ? [] : [rate as PortalRate]));
  if (rates.length > 0) return { rates, isDefault: false };
  const defaults = defaultRateCardsOf(rows[0]?.defaults).map((rate) => ({
    ...rate,
    id: `default-${rate.serviceType}`,
    discountTier: null,
    description: null,
    effectiveFrom: null,
  }));
  return { rates: defaults, isDefault: true };
}
