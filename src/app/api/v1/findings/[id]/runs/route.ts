// POST /api/v1/findings/{id}/runs: declared by API_V1.recordRun (src/features/api/server/contract.ts); docs/PRODUCT.md#measured-ai-findings.
import { getDb } from "@/server/core/get-db";
import { API_V1, apiRecordRun, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_V1.recordRun, ({ caller, params, body }) => apiRecordRun(getDb(), caller, params.id, body));
