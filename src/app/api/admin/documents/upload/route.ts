// POST /api/admin/documents/upload (multipart: clientId, category, file) → { success, document }: streamed, checked and stored, then recorded.
import { getDb } from "@/server/core/get-db";
import { documentUploadFieldsOf, receiveDocumentUpload } from "@/server/core/uploads/document-upload";
import { withAdmin } from "@/features/identity/server";
import { recordUploadedDocument } from "@/features/documents/server";

export const dynamic = "force-dynamic";

export const POST = withAdmin(async (request, { actor }) => {
  const document = await receiveDocumentUpload(request, (upload) =>
    recordUploadedDocument(getDb(), { actor, ...documentUploadFieldsOf(upload) }),
  );
  return Response.json({ success: true, document }, { status: 201 });
});
