// POST /api/admin/reports/upload (multipart: projectId, title, file) → { success, report }: a PDF streamed, checked and stored, then published as the engagement's newest report version.
import { reportUploadFieldsSchema } from "@/features/reports/validation";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { receiveDocumentUpload } from "@/server/core/uploads/document-upload";
import { withAdmin } from "@/features/identity/server";
import { recordUploadedReport } from "@/features/reports/server";

export const dynamic = "force-dynamic";

export const POST = withAdmin(async (request, { actor }) => {
  const report = await receiveDocumentUpload(request, ({ fields, file }) => {
    if (!file) throw new AppError("bad_request", "Please choose a PDF file", { fieldErrors: { file: "Please choose a PDF file" } });
    const { projectId, title } = parseInput(reportUploadFieldsSchema, { projectId: fields.get("projectId"), title: fields.get("title") });
    return recordUploadedReport(getDb(), { actor, projectId, title, file });
  });
  return Response.json({ success: true, report }, { status: 201 });
});
