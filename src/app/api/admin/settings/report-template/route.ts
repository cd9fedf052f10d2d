// GET /api/admin/settings/report-template → the current Word template of generated reports (the firm's, or the default);
// POST (multipart: file) → { success, template }: a .docx checked by filling it with a sample, then the firm's template.
import { DOWNLOAD_CSP } from "@/lib/csp";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { receiveDocumentUpload } from "@/server/core/uploads/document-upload";
import { withAdmin } from "@/features/identity/server";
import { downloadReportTemplate, saveReportTemplate } from "@/features/reports/server";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async (_request, { actor }) => {
  const { fileName, bytes } = await downloadReportTemplate(getDb(), { actor });
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": DOWNLOAD_CSP,
    },
  });
});

export const POST = withAdmin(async (request, { actor }) => {
  const template = await receiveDocumentUpload(request, ({ file }) => {
    if (!file) throw new AppError("bad_request", "Please choose a .docx file", { fieldErrors: { file: "Please choose a .docx file" } });
    return saveReportTemplate(getDb(), { actor, file });
  });
  return Response.json({ success: true, template }, { status: 201 });
});
