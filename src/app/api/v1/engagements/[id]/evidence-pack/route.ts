// GET /api/v1/engagements/{id}/evidence-pack: declared by API_V1.getEvidencePack (src/features/api/server/contract.ts); docs/PRODUCT.md#evidence-packs.
import { getDb } from "@/server/core/get-db";
import { API_V1, apiGetEvidencePack, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_V1.getEvidencePack, ({ caller, params }) => apiGetEvidencePack(getDb(), caller, params.id));
