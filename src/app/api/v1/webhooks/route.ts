// GET /api/v1/webhooks → { data: WebhookEndpoint[] }; POST { kind, url, description?, events } (Idempotency-Key) → 201 { data: { id, secret } }
// (token scope webhooks:manage): docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { apiCreateWebhook, apiListWebhooks, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const GET = apiRoute("webhooks:manage", (_request, { caller }) => apiListWebhooks(getDb(), caller));

export const POST = apiRoute("webhooks:manage", (_request, { caller, body }) => apiCreateWebhook(getDb(), caller, body), { status: 201 });
