// POST /api/client/authorizations/{id}/sign ({ fullName, entitled, documentHash, code?, passkey?, password? }) → { signedAt }: the owner signs the version they read, with a second factor (or the password) given in this request.
import { uuidSchema } from "@/lib/validation/common";
import { authorizationSignSchema } from "@/features/authorizations/validation";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { parseJson } from "@/server/core/handler";
import { clientIp } from "@/server/core/rate-limit";
import { confirmSignatureFactor } from "@/features/identity/server";
import { withClient } from "@/features/identity/server";
import { AUTHORIZATION_NOT_FOUND, signAuthorization } from "@/features/authorizations/server";

export const dynamic = "force-dynamic";

// A member is refused before the step-up: only an owner may authorise testing (docs/PRODUCT.md#engagement-authorization).
export const POST = withClient(async (request, { actor, params }) => {
  if (!uuidSchema.safeParse(params.id).success) throw new AppError("not_found", AUTHORIZATION_NOT_FOUND);
  if (actor.personRole !== "owner") throw new AppError("forbidden", "Only an owner of your company can sign the authorization.");
  const { fullName, documentHash, ...proof } = await parseJson(request, authorizationSignSchema);
  const method = await confirmSignatureFactor(getDb(), request.headers, proof);
  const { signedAt } = await signAuthorization(getDb(), {
    actor,
    authorizationId: params.id as string,
    proof: { fullName, documentHash, method, clientAddress: clientIp(request.headers) },
  });
  return Response.json({ success: true, signedAt }, { headers: { "Cache-Control": "private, no-store" } });
});
