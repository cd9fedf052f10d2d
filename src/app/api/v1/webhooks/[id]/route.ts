// DELETE /api/v1/webhooks/{id}: declared by API_V1.deleteWebhook (src/features/api/server/contract.ts); docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { API_V1, apiDeleteWebhook, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const DELETE = apiRoute(API_V1.deleteWebhook, ({ caller, params }) => apiDeleteWebhook(getDb(), caller, params.id));
