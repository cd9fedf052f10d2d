// GET /api/admin/attestations?projectId= → { success, letters, defaults }: an engagement's attestation letters with their states and counts, and the issue form's starting values.
import { projectLettersQuerySchema } from "@/features/attestations/validation";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { withAdmin } from "@/features/identity/server";
import { letterFormDefaults, listProjectLetters } from "@/features/attestations/server";
import { recordFirmAccess } from "@/features/audit/server";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async (request, { actor }) => {
  const { projectId } = parseInput(projectLettersQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  const db = getDb();
  const defaults = await letterFormDefaults(db, { actor, projectId });
  const letters = await listProjectLetters(db, { actor, projectId });
  // The letters shown to the firm: a look in the access log of each company they name.
  await recordFirmAccess(db, {
    actor,
    action: "attestation_letters.view",
    clientIds: letters.map((l) => l.clientId),
    entityType: "project",
    entityId: projectId,
  });
  return Response.json({ success: true, letters, defaults }, { headers: { "Cache-Control": "private, no-store" } });
});
