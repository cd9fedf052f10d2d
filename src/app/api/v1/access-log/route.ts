// GET /api/v1/access-log: declared by API_V1.listAccessLog (src/features/api/server/contract.ts); docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { API_V1, apiListAccessLog, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_V1.listAccessLog, ({ caller, query }) => apiListAccessLog(getDb(), caller, query));
