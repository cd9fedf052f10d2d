// POST /api/admin/findings/{id}/evidence (multipart: file) → 201 { success, evidenceId }: an evidence file for a finding, through the documents' upload path and limits.
import { uuidSchema } from "@/lib/validation/common";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { receiveDocumentUpload } from "@/server/core/uploads/document-upload";
import { withAdmin } from "@/features/identity/server";
import { addEvidence, assertEvidenceTarget } from "@/features/findings/server";

export const dynamic = "force-dynamic";

export const POST = withAdmin(async (request, { actor, params }) => {
  const findingId = parseInput(uuidSchema, params.id);
  // The finding is checked before the file is stored, so a refused upload leaves nothing behind.
  const { evidenceId } = await receiveDocumentUpload(
    request,
    ({ file }) => addEvidence(getDb(), { actor, findingId, file }),
    () => assertEvidenceTarget(getDb(), { actor, findingId }),
  );
  return Response.json({ success: true, evidenceId }, { status: 201 });
});
