// GET /api/v1/projects: declared by API_V1.listProjects (src/features/api/server/contract.ts); docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { API_V1, apiListProjects, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_V1.listProjects, ({ caller, query }) => apiListProjects(getDb(), caller, query));
