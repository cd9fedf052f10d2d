// GET /api/v1/exports/findings: declared by API_V1.exportFindings (src/features/api/server/contract.ts); docs/PRODUCT.md#exports.
import { getDb } from "@/server/core/get-db";
import { API_V1, apiExportFindings, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_V1.exportFindings, ({ caller, query }) => apiExportFindings(getDb(), caller, query));
