// PUT /api/v1/projects/{id}/model-versions { provider?, modelId, modelVersion } (token scope findings:write) → 200 { data }: docs/PRODUCT.md#measured-ai-findings.
import { getDb } from "@/server/core/get-db";
import { apiRecordModelVersion, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const PUT = apiRoute("findings:write", (_request, { caller, params, body }) => apiRecordModelVersion(getDb(), caller, params, body));
