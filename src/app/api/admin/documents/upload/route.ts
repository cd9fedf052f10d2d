// POST /api/admin/documents/upload (multipart: file, clientId, category) → { success, document }: checked, then stored.
import { documentUploadFieldsSchema, MAX_UPLOAD_BYTES } from "@/lib/validation/admin";
import { storeUploadedDocument } from "@/server/data/admin-documents";
import { readMultipartForm } from "@/server/data/admin-upload-body";
import { getDb } from "@/server/data/db";
import { AppError } from "@/server/errors";
import { parseInput, withAdmin } from "@/server/handler";

export const dynamic = "force-dynamic";

export const POST = withAdmin(async (request, { actor }) => {
  const form = await readMultipartForm(request, MAX_UPLOAD_BYTES);
  const file = form.get("file");
  const clientId = form.get("clientId");
  if (!(file instanceof File) || typeof clientId !== "string" || !clientId) {
    throw new AppError("bad_request", "Please select a client and file");
  }
  const category = form.get("category");
  const fields = parseInput(documentUploadFieldsSchema, { clientId, category: typeof category === "string" && category ? category : undefined });
  const document = await storeUploadedDocument(getDb(), { actor, ...fields, file });
  return Response.json({ success: true, document }, { status: 201 });
});
