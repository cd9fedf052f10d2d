// GET /api/v1/findings/{id}: declared by API_V1.getFinding (src/features/api/server/contract.ts); docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { API_V1, apiGetFinding, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_V1.getFinding, ({ caller, params }) => apiGetFinding(getDb(), caller, params.id));
