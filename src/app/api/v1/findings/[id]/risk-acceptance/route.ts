// POST /api/v1/findings/{id}/risk-acceptance: declared by API_V1.acceptRisk (src/features/api/server/contract.ts); docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { API_V1, apiAcceptRisk, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_V1.acceptRisk, ({ caller, params, body }) => apiAcceptRisk(getDb(), caller, params.id, body));
