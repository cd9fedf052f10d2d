// GET /api/v1/engagements/{id}/coverage: declared by API_V1.getEngagementCoverage (src/features/api/server/contract.ts); docs/PRODUCT.md#evidence-packs.
import { getDb } from "@/server/core/get-db";
import { API_V1, apiGetCoverage, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_V1.getEngagementCoverage, ({ caller, params }) => apiGetCoverage(getDb(), caller, params.id));
