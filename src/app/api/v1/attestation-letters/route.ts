// GET /api/v1/attestation-letters: declared by API_V1.listAttestationLetters (src/features/api/server/contract.ts); docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { API_V1, apiListLetters, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_V1.listAttestationLetters, ({ caller, query }) => apiListLetters(getDb(), caller, query));
