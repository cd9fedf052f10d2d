import "server-only";
import { parseSquareEnv } from "@/config/env-schema.mjs";
import { demoMarkOf } from "@/server/core/demo-services";

// Links into Square's seller dashboard (never API hosts): where an admin or client manages a
// subscription. Sandbox accounts live on a separate dashboard host; the demo Square `npm start` runs
// serves its own (docs/PRODUCT.md#demo-services).
function dashboardHost(): string {
  const env = parseSquareEnv(process.env);
  if (env.baseUrlOverride && demoMarkOf(env.baseUrlOverride) === "service") return env.baseUrlOverride;
  return env.environment === "production" ? "https://app.squareup.com" : "https://app.squareupsandbox.com";
}

export function squareSubscriptionDashboardUrl(squareSubscriptionId: string): string {
  return `${dashboardHost()}/dashboard/subscriptions/${encodeURIComponent(squareSubscriptionId)}`;
}

export function squareSubscriptionsDashboardUrl(): string {
  return `${dashboardHost()}/dashboard/subscriptions`;
}
