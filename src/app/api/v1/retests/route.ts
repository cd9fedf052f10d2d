// GET /api/v1/retests (token scope findings:read) → { data: Retest[], nextCursor }: docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { apiListRetests, apiRoute, queryOf } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const GET = apiRoute("findings:read", (request, { caller }) => apiListRetests(getDb(), caller, queryOf(request)));
