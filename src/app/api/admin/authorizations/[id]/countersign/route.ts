// POST /api/admin/authorizations/{id}/countersign ({ fullName, documentHash, code?, passkey?, password? }) → { signedAt, sealed }: the firm counter-signs a version its client signed, with a second factor (or the password) given in this request; the sealed PDF is made in the same transaction.
import { uuidSchema } from "@/lib/validation/common";
import { authorizationCountersignSchema } from "@/features/authorizations/validation";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { parseJson } from "@/server/core/handler";
import { clientIp } from "@/server/core/rate-limit";
import { confirmSignatureFactor } from "@/features/identity/server";
import { withAdmin } from "@/features/identity/server";
import { AUTHORIZATION_NOT_FOUND, countersignAuthorization } from "@/features/authorizations/server";

export const dynamic = "force-dynamic";

export const POST = withAdmin(async (request, { actor, params }) => {
  if (!uuidSchema.safeParse(params.id).success) throw new AppError("not_found", AUTHORIZATION_NOT_FOUND);
  const { fullName, documentHash, ...proof } = await parseJson(request, authorizationCountersignSchema);
  const method = await confirmSignatureFactor(getDb(), request.headers, proof);
  const authorizationId = params.id as string;
  const { signedAt } = await countersignAuthorization(getDb(), {
    actor,
    authorizationId,
    proof: { fullName, documentHash, method, clientAddress: clientIp(request.headers) },
  });
  return Response.json({ success: true, signedAt, sealed: true }, { headers: { "Cache-Control": "private, no-store" } });
});
