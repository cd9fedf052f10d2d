// PUT /api/v1/findings/{id}/remediation-owner: declared by API_V1.setRemediationOwner (src/features/api/server/contract.ts); docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { API_V1, apiSetRemediationOwner, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const PUT = apiRoute(API_V1.setRemediationOwner, ({ caller, params, body }) =>
  apiSetRemediationOwner(getDb(), caller, params.id, body),
);
