// PUT /api/v1/findings/{id}/remediation-owner { ownerEmail } (token scope findings:write) → { data: { id, status, owner } }: docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { apiRoute, apiSetRemediationOwner } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const PUT = apiRoute("findings:write", (_request, { caller, params, body }) =>
  apiSetRemediationOwner(getDb(), caller, params, body),
);
