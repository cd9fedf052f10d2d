// GET /api/admin/authorizations/{id}/pdf: the sealed PDF of a version both sides signed.
import { uuidSchema } from "@/lib/validation/common";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { withAdmin } from "@/features/account/server";
import { AUTHORIZATION_NOT_FOUND, openSealedAuthorization, sealedPdfResponse } from "@/features/authorizations/server";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async (_request, { actor, params }) => {
  if (!uuidSchema.safeParse(params.id).success) throw new AppError("not_found", AUTHORIZATION_NOT_FOUND);
  return sealedPdfResponse(await openSealedAuthorization(getDb(), { actor, authorizationId: params.id as string }));
});
