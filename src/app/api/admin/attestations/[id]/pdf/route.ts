// GET /api/admin/attestations/{id}/pdf: any attestation letter as its PDF, for the firm.
import { uuidSchema } from "@/lib/validation/common";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { pdfResponse } from "@/server/core/pdf-response";
import { withAdmin } from "@/features/identity/server";
import { getLetterForPdf, renderLetterPdf } from "@/features/attestations/server";
import { recordFirmAccess } from "@/features/audit/server";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async (_request, { actor, params }) => {
  const letterId = parseInput(uuidSchema, params.id);
  const letter = await getLetterForPdf(getDb(), { actor, letterId });
  // A fetch by the firm (a client's own fetch records nothing): in the company's access log.
  await recordFirmAccess(getDb(), {
    actor,
    action: "attestation_letter.download",
    clientIds: [letter.clientId],
    entityType: "attestation_letter",
    entityId: letterId,
    after: { name: letter.code },
  });
  return pdfResponse(await renderLetterPdf(letter), `attestation-${letter.facts.code}.pdf`);
});
