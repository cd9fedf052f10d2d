import "server-only";
import { clientRates } from "./schema";

// Columns read the same way by the admin area and the portal: explicit columns, never `*`.

/** A rate card as both sides show it. */
export const rateCardColumns = {
  id: clientRates.id,
  serviceType: clientRates.serviceType,
  hourlyRateCents: clientRates.hourlyRateCents,
  monthlyRetainerCents: clientRates.monthlyRetainerCents,
  discountTier: clientRates.discountTier,
  description: clientRates.description,
  effectiveFrom: clientRates.effectiveFrom,
};
