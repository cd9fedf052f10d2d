// POST /api/v1/findings/{id}/runs { trials, successes, modelVersion, provider?, modelId?, probe?, detector?, …Sha256? } (token scope findings:write; Idempotency-Key) → 201 { data }: docs/PRODUCT.md#measured-ai-findings.
import { getDb } from "@/server/core/get-db";
import { apiRecordRun, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const POST = apiRoute("findings:write", (_request, { caller, params, body }) => apiRecordRun(getDb(), caller, params, body), {
  status: 201,
});
