// GET /api/v1/retests: declared by API_V1.listRetests (src/features/api/server/contract.ts); docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { API_V1, apiListRetests, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_V1.listRetests, ({ caller, query }) => apiListRetests(getDb(), caller, query));
