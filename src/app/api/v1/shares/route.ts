// GET /api/v1/shares: declared by API_V1.listShares (src/features/api/server/contract.ts); docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { API_V1, apiListShares, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_V1.listShares, ({ caller }) => apiListShares(getDb(), caller));
