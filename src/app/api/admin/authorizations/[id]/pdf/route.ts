// GET /api/admin/authorizations/{id}/pdf: the sealed PDF of a version both sides signed.
import { uuidSchema } from "@/lib/validation/common";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { withAdmin } from "@/features/identity/server";
import { pdfResponse } from "@/server/core/pdf-response";
import { AUTHORIZATION_NOT_FOUND, openSealedAuthorization } from "@/features/authorizations/server";
import { recordFirmAccess } from "@/features/audit/server";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async (_request, { actor, params }) => {
  if (!uuidSchema.safeParse(params.id).success) throw new AppError("not_found", AUTHORIZATION_NOT_FOUND);
  const { bytes, filename, clientId, name } = await openSealedAuthorization(getDb(), { actor, authorizationId: params.id as string });
  // A fetch by the firm (a client's own fetch records nothing): in the company's access log.
  await recordFirmAccess(getDb(), {
    actor,
    action: "authorization.pdf.download",
    clientIds: [clientId],
    entityType: "authorization",
    entityId: params.id as string,
    after: { name },
  });
  return pdfResponse(bytes, filename);
});
