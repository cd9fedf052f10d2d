// GET /api/client/findings/evidence/{id}: a short-lived signed download link for evidence of one of the client's own published findings (a read: a viewing admin may too).
import { uuidSchema } from "@/lib/validation/common";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { withClientRead } from "@/features/identity/server";
import { getEvidenceDownload } from "@/features/findings/server";

export const dynamic = "force-dynamic";

export const GET = withClientRead(async (_request, { actor, params }) => {
  const evidenceId = parseInput(uuidSchema, params.id);
  const { downloadUrl, filename } = await getEvidenceDownload(getDb(), { actor, evidenceId });
  return Response.json({ success: true, downloadUrl, filename }, { headers: { "Cache-Control": "private, no-store" } });
});
