// GET /api/client/attestations/{id}/pdf: one of the signed-in client's own attestation letters as its PDF (a read: a viewing admin may too; another company's is a 404).
import { uuidSchema } from "@/lib/validation/common";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { pdfResponse } from "@/server/core/pdf-response";
import { withClientRead } from "@/features/account/server";
import { getLetterForPdf, renderLetterPdf } from "@/features/attestations/server";

export const dynamic = "force-dynamic";

export const GET = withClientRead(async (_request, { actor, params }) => {
  const letterId = parseInput(uuidSchema, params.id);
  const letter = await getLetterForPdf(getDb(), { actor, letterId });
  return pdfResponse(await renderLetterPdf(letter), `attestation-${letter.facts.code}.pdf`);
});
