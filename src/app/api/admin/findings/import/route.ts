// POST /api/admin/findings/import ({ projectId, sarif }) → { success, imported }: each SARIF 2.1.0 result becomes a draft finding; a malformed file is a 400 and imports nothing.
import { SARIF_IMPORT_MAX_BODY_BYTES, SARIF_TOO_LARGE, sarifImportSchema } from "@/features/findings/validation";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { parseJson } from "@/server/core/handler";
import { withAdmin } from "@/features/account/server";
import { importSarif } from "@/features/findings/server";

export const dynamic = "force-dynamic";

const tooLarge = () => new AppError("payload_too_large", SARIF_TOO_LARGE);

export const POST = withAdmin(async (request, { actor }) => {
  const { projectId, sarif } = await parseJson(request, sarifImportSchema, SARIF_IMPORT_MAX_BODY_BYTES, tooLarge);
  const { imported } = await importSarif(getDb(), { actor, projectId, text: sarif });
  return Response.json({ success: true, imported }, { status: 201 });
});
