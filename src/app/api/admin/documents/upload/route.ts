// POST /api/admin/documents/upload (multipart: clientId, category, file) → { success, document }: streamed, checked and stored, then recorded.
import { documentUploadFieldsSchema } from "@/lib/validation/admin";
import { recordUploadedDocument } from "@/server/data/admin-documents";
import { getDb } from "@/server/data/db";
import { AppError } from "@/server/errors";
import { parseInput, withAdmin } from "@/server/handler";
import { receiveDocumentUpload } from "@/server/uploads/document-upload";

export const dynamic = "force-dynamic";

export const POST = withAdmin(async (request, { actor }) => {
  const document = await receiveDocumentUpload(request, async ({ fields, file }) => {
    const clientId = fields.get("clientId");
    if (!file || !clientId) throw new AppError("bad_request", "Please select a client and file");
    const input = parseInput(documentUploadFieldsSchema, { clientId, category: fields.get("category") || undefined });
    return recordUploadedDocument(getDb(), { actor, ...input, file });
  });
  return Response.json({ success: true, document }, { status: 201 });
});
