// DELETE /api/v1/webhooks/{id} (token scope webhooks:manage) → 204: docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { apiDeleteWebhook, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const DELETE = apiRoute("webhooks:manage", (_request, { caller, params }) => apiDeleteWebhook(getDb(), caller, params), {
  status: 204,
});
