// GET /api/v1/findings/{id} (token scope findings:read) → { data: FindingDetail }: docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { apiGetFinding, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const GET = apiRoute("findings:read", (_request, { caller, params }) => apiGetFinding(getDb(), caller, String(params.id)));
