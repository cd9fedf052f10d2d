// GET /api/verify/{code}: an attestation letter's current state for a program that holds its JWS
// (the `statusUrl` the letter signs; docs/PRODUCT.md#verifying-a-letter). Public, rate-limited like
// the /verify page, counts no visit and shows none of the letter's facts.
import { AppError } from "@/server/core/errors";
import { withPublic } from "@/server/core/handler";
import { getDb } from "@/server/core/get-db";
import { LETTER_NOT_FOUND, letterStatus, limitLetterChecks } from "@/features/attestations/server";

export const dynamic = "force-dynamic";

export const GET = withPublic(async (request, { params }) => {
  const db = getDb();
  if (!(await limitLetterChecks(db, request.headers))) {
    throw new AppError("rate_limited", "Too many letters were checked from your address. Please wait a minute and try again.", {
      headers: { "Retry-After": "60" },
    });
  }
  const status = await letterStatus(db, typeof params.code === "string" ? params.code : "");
  if (!status) throw new AppError("not_found", LETTER_NOT_FOUND);
  return Response.json({ success: true, ...status }, { headers: { "Cache-Control": "no-store" } });
});
