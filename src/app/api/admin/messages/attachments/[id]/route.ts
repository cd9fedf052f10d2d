// GET /api/admin/messages/attachments/{id}: a short-lived signed download link for an attachment of any thread.
import { uuidSchema } from "@/lib/validation/common";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { withAdmin } from "@/features/identity/server";
import { getAttachmentDownload } from "@/features/messages/server";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async (_request, { actor, params }) => {
  const attachmentId = parseInput(uuidSchema, params.id);
  const { downloadUrl, filename } = await getAttachmentDownload(getDb(), { actor, attachmentId });
  return Response.json({ success: true, downloadUrl, filename }, { headers: { "Cache-Control": "private, no-store" } });
});
