// POST /api/client/messages/threads (multipart: subject, body, projectId?, file?) → { success, threadId }: the signed-in client starts a conversation.
import { newThreadSchema } from "@/lib/validation/messages";
import { getDb } from "@/server/data/db";
import { createClientThread, spendMessageQuota } from "@/server/data/messages-write";
import { parseInput, withClient } from "@/server/handler";
import { receiveMessageUpload } from "@/server/uploads/message-upload";

export const dynamic = "force-dynamic";

export const POST = withClient(async (request, { actor }) => {
  const db = getDb();
  await spendMessageQuota(db, actor);
  const { threadId } = await receiveMessageUpload(request, (field, file) => {
    const input = parseInput(newThreadSchema, { subject: field("subject") ?? "", body: field("body") ?? "", projectId: field("projectId") });
    return createClientThread(db, { actor, input: { ...input, file } });
  });
  return Response.json({ success: true, threadId }, { status: 201 });
});
