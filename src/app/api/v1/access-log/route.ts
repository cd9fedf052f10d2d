// GET /api/v1/access-log (token scope access-log:read) → { data: AccessLogEntry[], nextCursor, signedHead }: docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { apiListAccessLog, apiRoute, queryOf } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const GET = apiRoute("access-log:read", (request, { caller }) => apiListAccessLog(getDb(), caller, queryOf(request)));
