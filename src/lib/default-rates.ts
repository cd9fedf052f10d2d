import { SERVICE_NAMES, type ServiceName } from "./domain/services";

// The standard rate cards (docs/PRODUCT.md#rules-default-rate-cards), one per service, shown to a client without rates of its own
// and offered to admins as the starting point. Amounts in cents.
const DEFAULT_AMOUNTS: Record<ServiceName, { hourlyRateCents: number; monthlyRetainerCents: number }> = {
  "AI Security Assessment": { hourlyRateCents: 35_000, monthlyRetainerCents: 2_500_000 },
  "AI Security Governance": { hourlyRateCents: 30_000, monthlyRetainerCents: 2_000_000 },
  "AI Engineering Acceleration": { hourlyRateCents: 27_500, monthlyRetainerCents: 1_800_000 },
};

export const DEFAULT_RATE_CARDS = SERVICE_NAMES.map((serviceType) => ({ serviceType, ...DEFAULT_AMOUNTS[serviceType] }));
