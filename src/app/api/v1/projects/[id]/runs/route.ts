// POST /api/v1/projects/{id}/runs: declared by API_V1.recordRerun (src/features/api/server/contract.ts); docs/PRODUCT.md#measured-ai-findings.
import { getDb } from "@/server/core/get-db";
import { API_V1, apiRecordRerun, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_V1.recordRerun, ({ caller, params, body }) => apiRecordRerun(getDb(), caller, params.id, body));
