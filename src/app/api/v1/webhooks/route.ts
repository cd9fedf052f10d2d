// GET, POST /api/v1/webhooks: declared by API_V1.listWebhooks, API_V1.createWebhook (src/features/api/server/contract.ts); docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { API_V1, apiCreateWebhook, apiListWebhooks, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_V1.listWebhooks, ({ caller }) => apiListWebhooks(getDb(), caller));

export const POST = apiRoute(API_V1.createWebhook, ({ caller, body }) => apiCreateWebhook(getDb(), caller, body));
