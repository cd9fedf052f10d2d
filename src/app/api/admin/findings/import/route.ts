// POST /api/admin/findings/import (multipart: projectId, format, file) → { success, preview }: a scan file streamed into storage and previewed against the engagement (new, known, coming back, missing); nothing changes until the preview is applied. A malformed file is a 400 naming the problem, and is not kept.
import { findingImportFieldsSchema, importFileRefusal, IMPORT_MAX_BYTES, IMPORT_TOO_LARGE } from "@/features/imports/validation";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { receiveScanUpload } from "@/server/core/uploads/scan-upload";
import { withAdmin } from "@/features/identity/server";
import { previewFindingImport } from "@/features/imports/server";

export const dynamic = "force-dynamic";

export const POST = withAdmin(async (request, { actor }) => {
  const preview = await receiveScanUpload(
    request,
    { maxFileBytes: IMPORT_MAX_BYTES, tooLarge: () => new AppError("payload_too_large", IMPORT_TOO_LARGE), refuseName: importFileRefusal },
    ({ fields, file }) => {
      const { projectId, format } = parseInput(findingImportFieldsSchema, {
        projectId: fields.get("projectId"),
        format: fields.get("format") ?? "",
      });
      if (!file) throw new AppError("bad_request", "Choose a scan file", { fieldErrors: { file: "Choose a scan file" } });
      return previewFindingImport(getDb(), { actor, projectId, format, file });
    },
  );
  return Response.json({ success: true, preview }, { status: 201 });
});
