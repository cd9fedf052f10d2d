// GET /api/client/messages/attachments/{id}: a short-lived signed download link for an attachment in one of the client's own threads (a read: an admin viewing the portal may too).
import { uuidSchema } from "@/lib/validation/common";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { withClientRead } from "@/features/identity/server";
import { getAttachmentDownload } from "@/features/messages/server";

export const dynamic = "force-dynamic";

export const GET = withClientRead(async (_request, { actor, params }) => {
  const attachmentId = parseInput(uuidSchema, params.id);
  const { downloadUrl, filename } = await getAttachmentDownload(getDb(), { actor, attachmentId });
  return Response.json({ success: true, downloadUrl, filename }, { headers: { "Cache-Control": "private, no-store" } });
});
