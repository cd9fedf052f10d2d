// POST /api/v1/findings/{id}/risk-acceptance { reason, expiresOn } (token scope findings:write; Idempotency-Key) → { data: { id, status, owner } }: docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { apiAcceptRisk, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const POST = apiRoute("findings:write", (_request, { caller, params, body }) => apiAcceptRisk(getDb(), caller, params, body));
