// POST /api/v1/findings/{id}/retest-requests: declared by API_V1.requestRetest (src/features/api/server/contract.ts); docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { API_V1, apiRequestRetest, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_V1.requestRetest, ({ caller, params, body }) => apiRequestRetest(getDb(), caller, params.id, body));
