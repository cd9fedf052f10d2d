// POST /api/v1/projects/{id}/runs { provider?, modelId, modelVersion, results: [{ findingId, trials, successes, turnsUsed?, turnBudget?, seedPrompts? }] } (token scope findings:write; Idempotency-Key) → 201 { data }: docs/PRODUCT.md#measured-ai-findings.
import { getDb } from "@/server/core/get-db";
import { apiRecordRerun, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const POST = apiRoute("findings:write", (_request, { caller, params, body }) => apiRecordRerun(getDb(), caller, params, body), {
  status: 201,
});
