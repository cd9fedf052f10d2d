import "server-only";
import { ACME_ID as A, GLOBEX_ID as G, demoId as id } from "./demo-ids";

// The demo companies' rate cards (docs/PRODUCT.md#portal-rates).

export const DEMO_RATES = [
  {
    id: id("f", 1),
    clientId: A,
    serviceType: "AI Security Assessment",
    hourlyRateCents: 32_500,
    monthlyRetainerCents: 2_300_000,
    discountTier: "Preferred",
    description: "Assessment engagements and retests",
    effectiveFrom: "2026-01-01",
  },
  {
    id: id("f", 2),
    clientId: A,
    serviceType: "AI Security Governance",
    hourlyRateCents: 28_000,
    monthlyRetainerCents: null,
    discountTier: null,
    description: "Policy and risk management work",
    effectiveFrom: "2026-01-01",
  },
  {
    id: id("f", 3),
    clientId: G,
    serviceType: "AI Engineering Acceleration",
    hourlyRateCents: 26_000,
    monthlyRetainerCents: 1_700_000,
    discountTier: "Startup",
    description: "Hands-on engineering enablement",
    effectiveFrom: "2026-06-01",
  },
  {
    id: id("f", 4),
    clientId: G,
    serviceType: "AI Security Assessment",
    hourlyRateCents: 33_000,
    monthlyRetainerCents: null,
    discountTier: null,
    description: "Agent and API assessments",
    effectiveFrom: "2026-09-01",
  },
];
