// POST /api/v1/shares/{id}/revoke: declared by API_V1.revokeShare (src/features/api/server/contract.ts); docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { API_V1, apiRevokeShare, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_V1.revokeShare, ({ caller, params }) => apiRevokeShare(getDb(), caller, params.id));
