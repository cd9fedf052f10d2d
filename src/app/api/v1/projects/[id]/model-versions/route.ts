// PUT /api/v1/projects/{id}/model-versions: declared by API_V1.recordModelVersion (src/features/api/server/contract.ts); docs/PRODUCT.md#measured-ai-findings.
import { getDb } from "@/server/core/get-db";
import { API_V1, apiRecordModelVersion, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const PUT = apiRoute(API_V1.recordModelVersion, ({ caller, params, body }) =>
  apiRecordModelVersion(getDb(), caller, params.id, body),
);
