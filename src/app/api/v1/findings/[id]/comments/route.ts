// POST /api/v1/findings/{id}/comments: declared by API_V1.addFindingComment (src/features/api/server/contract.ts); docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { API_V1, apiAddComment, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_V1.addFindingComment, ({ caller, params, body }) => apiAddComment(getDb(), caller, params.id, body));
