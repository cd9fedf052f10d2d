import "server-only";
import { parseSquareEnv } from "@/config/env-schema.mjs";

// Links into Square's seller dashboard (never API hosts): where an admin or client manages a
// subscription. Sandbox accounts live on a separate dashboard host.
function dashboardHost(): string {
  return parseSquareEnv(process.env).environment === "production" ? "https://app.squareup.com" : "https://app.squareupsandbox.com";
}

export function squareSubscriptionDashboardUrl(squareSubscriptionId: string): string {
  return `${dashboardHost()}/dashboard/subscriptions/${encodeURIComponent(squareSubscriptionId)}`;
}

export function squareSubscriptionsDashboardUrl(): string {
  return `${dashboardHost()}/dashboard/subscriptions`;
}
