import "server-only";
import type { z } from "zod";
import type { apiWebhookCreatedSchema, apiWebhookEndpointListSchema } from "@/features/api/validation";
import { createWebhookEndpointSchema } from "@/features/webhooks/validation";
import { uuidSchema } from "@/lib/validation/common";
import type { DbOrTx } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import { parseInput } from "@/server/core/handler";
import { createWebhookEndpoint, deleteWebhookEndpoint, ENDPOINT_NOT_FOUND, listWebhookEndpoints } from "@/features/webhooks/server";
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
export async function apiCreateWebhook(db: DbOrTx, caller: ApiCaller, body: unknown): Promise<z.output<typeof apiWebhookCreatedSchema>> {
  const input = parseInput(createWebhookEndpointSchema, body);
  return { data: await createWebhookEndpoint(db, { actor: caller.actor, ...input }) };
}

/** DELETE /api/v1/webhooks/{id}. */
export async function apiDeleteWebhook(db: DbOrTx, caller: ApiCaller, params: Record<string, string | string[]>): Promise<void> {
  const endpointId = String(params.id);
  if (!uuidSchema.safeParse(endpointId).success) throw new AppError("not_found", ENDPOINT_NOT_FOUND);
  await deleteWebhookEndpoint(db, { actor: caller.actor, endpointId });
}
