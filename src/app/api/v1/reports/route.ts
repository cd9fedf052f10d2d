// GET /api/v1/reports (token scope reports:read) → { data: Report[], nextCursor }: docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { apiListReports, apiRoute, queryOf } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const GET = apiRoute("reports:read", (request, { caller }) => apiListReports(getDb(), caller, queryOf(request)));
