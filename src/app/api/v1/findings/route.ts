// GET /api/v1/findings (token scope findings:read) → { data: Finding[], nextCursor }: docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { apiListFindings, apiRoute, queryOf } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const GET = apiRoute("findings:read", (request, { caller }) => apiListFindings(getDb(), caller, queryOf(request)));
