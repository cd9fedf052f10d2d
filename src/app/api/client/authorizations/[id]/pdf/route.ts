// GET /api/client/authorizations/{id}/pdf: the sealed PDF of a version both sides signed, for the company's owners and members.
import { uuidSchema } from "@/lib/validation/common";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { withClientRead } from "@/features/account/server";
import { pdfResponse } from "@/server/core/pdf-response";
import { AUTHORIZATION_NOT_FOUND, openSealedAuthorization } from "@/features/authorizations/server";

export const dynamic = "force-dynamic";

export const GET = withClientRead(async (_request, { actor, params }) => {
  if (!uuidSchema.safeParse(params.id).success) throw new AppError("not_found", AUTHORIZATION_NOT_FOUND);
  const { bytes, filename } = await openSealedAuthorization(getDb(), { actor, authorizationId: params.id as string });
  return pdfResponse(bytes, filename);
});
