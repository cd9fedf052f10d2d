// The standard rate cards (docs/PRODUCT.md#rules-default-rate-cards), shown to a client without rates of its own and offered to
// admins as the starting point. Amounts in cents.
export const DEFAULT_RATE_CARDS = [
  { serviceType: "AI Security Assessment", hourlyRateCents: 35_000, monthlyRetainerCents: 2_500_000 },
  { serviceType: "AI Security Governance", hourlyRateCents: 30_000, monthlyRetainerCents: 2_000_000 },
  { serviceType: "AI Engineering Acceleration", hourlyRateCents: 27_500, monthlyRetainerCents: 1_800_000 },
] as const;
