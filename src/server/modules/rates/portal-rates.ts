import "server-only";
import { asc, eq } from "drizzle-orm";
import { DEFAULT_RATE_CARDS } from "@/lib/default-rates";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { clientRates } from "@/server/core/db/schema";
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

/** The standard rate cards, as portal rates (docs/PRODUCT.md#rules-default-rate-cards). */
const DEFAULT_PORTAL_RATES: PortalRate[] = DEFAULT_RATE_CARDS.map((rate) => ({
  ...rate,
  id: `default-${rate.serviceType}`,
  discountTier: null,
  description: null,
  effectiveFrom: null,
}));

/** The client's contracting rates by service type, or the defaults when it has none. */
export async function listPortalRates(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<{ rates: PortalRate[]; isDefault: boolean }> {
  assertClient(actor);
  const rates = await db
    .select(rateCardColumns)
    .from(clientRates)
    .where(eq(clientRates.clientId, actor.clientId))
    .orderBy(asc(clientRates.serviceType), asc(clientRates.effectiveFrom));
  return rates.length > 0 ? { rates, isDefault: false } : { rates: DEFAULT_PORTAL_RATES, isDefault: true };
}
