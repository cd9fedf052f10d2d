// GET /api/v1/attestation-letters (token scope reports:read) → { data: Letter[], nextCursor }: docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { apiListLetters, apiRoute, queryOf } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const GET = apiRoute("reports:read", (request, { caller }) => apiListLetters(getDb(), caller, queryOf(request)));
