// GET /api/v1/findings: declared by API_V1.listFindings (src/features/api/server/contract.ts); docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { API_V1, apiListFindings, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_V1.listFindings, ({ caller, query }) => apiListFindings(getDb(), caller, query));
