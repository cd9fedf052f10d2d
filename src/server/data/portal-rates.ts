import "server-only";
import { asc, eq } from "drizzle-orm";
import { assertClient, type ClientActor } from "../auth/session";
import type { DbOrTx } from "../db/client";
import { clientRates } from "../db/schema";

export type PortalRate = {
  id: string;
  serviceType: string;
  hourlyRateCents: number;
  monthlyRetainerCents: number | null;
  discountTier: string | null;
  description: string | null;
  effectiveFrom: string | null;
};

/** The standard rate cards shown when a client has no rates of its own (spec §3). */
export const DEFAULT_RATE_CARDS: PortalRate[] = [
  { id: "default-assessment", serviceType: "AI Security Assessment", hourlyRateCents: 35_000, monthlyRetainerCents: 2_500_000 },
  { id: "default-governance", serviceType: "AI Security Governance", hourlyRateCents: 30_000, monthlyRetainerCents: 2_000_000 },
  { id: "default-acceleration", serviceType: "AI Engineering Acceleration", hourlyRateCents: 27_500, monthlyRetainerCents: 1_800_000 },
].map((rate) => ({ ...rate, discountTier: null, description: null, effectiveFrom: null }));

/** The client's contracting rates by service type, or the defaults when it has none. */
export async function listPortalRates(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<{ rates: PortalRate[]; isDefault: boolean }> {
  assertClient(actor);
  const rates = await db
    .select({
      id: clientRates.id,
      serviceType: clientRates.serviceType,
      hourlyRateCents: clientRates.hourlyRateCents,
      monthlyRetainerCents: clientRates.monthlyRetainerCents,
      discountTier: clientRates.discountTier,
      description: clientRates.description,
      effectiveFrom: clientRates.effectiveFrom,
    })
    .from(clientRates)
    .where(eq(clientRates.clientId, actor.clientId))
    .orderBy(asc(clientRates.serviceType), asc(clientRates.effectiveFrom));
  return rates.length > 0 ? { rates, isDefault: false } : { rates: DEFAULT_RATE_CARDS, isDefault: true };
}
