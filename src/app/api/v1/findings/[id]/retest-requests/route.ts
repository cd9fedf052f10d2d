// POST /api/v1/findings/{id}/retest-requests { note } (token scope findings:write; Idempotency-Key) → 201 { data: { id } }: docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { apiRequestRetest, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const POST = apiRoute("findings:write", (_request, { caller, params, body }) => apiRequestRetest(getDb(), caller, params, body), {
  status: 201,
});
