// GET /api/v1/reports: declared by API_V1.listReports (src/features/api/server/contract.ts); docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { API_V1, apiListReports, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_V1.listReports, ({ caller, query }) => apiListReports(getDb(), caller, query));
