import "server-only";
import type { z } from "zod";
import type { apiWebhookCreatedSchema, apiWebhookEndpointListSchema } from "@/features/api/validation";
import type { createWebhookEndpointSchema } from "@/features/webhooks/validation";
import type { DbOrTx } from "@/server/core/db/client";
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints } from "@/features/webhooks/server";
import type { ApiCaller } from "../token-auth";

// The company's webhook endpoints through the API (webhooks:manage, an owner's right): the same
// functions, checks, limit and audit as the portal's Webhooks card.

/** GET /api/v1/webhooks. */
export async function apiListWebhooks(db: DbOrTx, caller: ApiCaller): Promise<z.output<typeof apiWebhookEndpointListSchema>> {
  const endpoints = await listWebhookEndpoints(db, { actor: caller.actor });
  // The demo mark is the portal's label for the demo services, not part of the API's contract.
  return { data: endpoints.map(({ demo: _demo, ...endpoint }) => endpoint) };
}

/** POST /api/v1/webhooks: a new endpoint; a signed one's secret is answered this once. */
export async function apiCreateWebhook(
  db: DbOrTx,
  caller: ApiCaller,
  input: z.output<typeof createWebhookEndpointSchema>,
): Promise<z.output<typeof apiWebhookCreatedSchema>> {
  return { data: await createWebhookEndpoint(db, { actor: caller.actor, ...input }) };
}

/** DELETE /api/v1/webhooks/{id}. */
export async function apiDeleteWebhook(db: DbOrTx, caller: ApiCaller, endpointId: string): Promise<void> {
  await deleteWebhookEndpoint(db, { actor: caller.actor, endpointId });
}
