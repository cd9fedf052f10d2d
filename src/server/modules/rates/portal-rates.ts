import "server-only";
import { asc, eq } from "drizzle-orm";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { clientRates } from "@/server/core/db/schema";
import { getDefaultRateCards } from "@/server/modules/settings";
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

/** The client's contracting rates by service type, or the defaults when it has none. */
export async function listPortalRates(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<{ rates: PortalRate[]; isDefault: boolean }> {
  assertClient(actor);
  const rates = await db
    .select(rateCardColumns)
    .from(clientRates)
    .where(eq(clientRates.clientId, actor.clientId))
    .orderBy(asc(clientRates.serviceType), asc(clientRates.effectiveFrom));
  if (rates.length > 0) return { rates, isDefault: false };
  // The firm's default cards (Settings; docs/PRODUCT.md#rules-default-rate-cards): read only for a client without rates.
  const defaults = (await getDefaultRateCards(db)).map((rate) => ({
    ...rate,
    id: `default-${rate.serviceType}`,
    discountTier: null,
    description: null,
    effectiveFrom: null,
  }));
  return { rates: defaults, isDefault: true };
}
