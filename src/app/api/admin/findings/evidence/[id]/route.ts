// GET /api/admin/findings/evidence/{id}: a short-lived signed download link for a finding's evidence file.
import { uuidSchema } from "@/lib/validation/common";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { withAdmin } from "@/features/identity/server";
import { getEvidenceDownload } from "@/features/findings/server";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async (_request, { actor, params }) => {
  const evidenceId = parseInput(uuidSchema, params.id);
  const { downloadUrl, filename } = await getEvidenceDownload(getDb(), { actor, evidenceId });
  return Response.json({ success: true, downloadUrl, filename }, { headers: { "Cache-Control": "private, no-store" } });
});
