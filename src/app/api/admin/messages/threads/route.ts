// POST /api/admin/messages/threads (multipart: clientId, subject, body, projectId?, file?) → { success, threadId }: the team starts a conversation with a client.
import { adminNewThreadSchema } from "@/lib/validation/messages";
import { getDb } from "@/server/data/db";
import { createAdminThread, spendMessageQuota } from "@/server/data/messages-write";
import { parseInput, withAdmin } from "@/server/handler";
import { receiveMessageUpload } from "@/server/uploads/message-upload";

export const dynamic = "force-dynamic";

export const POST = withAdmin(async (request, { actor }) => {
  const db = getDb();
  await spendMessageQuota(db, actor);
  const { threadId } = await receiveMessageUpload(request, (field, file) => {
    const { clientId, ...input } = parseInput(adminNewThreadSchema, {
      clientId: field("clientId") ?? "",
      subject: field("subject") ?? "",
      body: field("body") ?? "",
      projectId: field("projectId"),
    });
    return createAdminThread(db, { actor, clientId, input: { ...input, file } });
  });
  return Response.json({ success: true, threadId }, { status: 201 });
});
