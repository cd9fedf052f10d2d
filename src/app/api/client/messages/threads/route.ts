// POST /api/client/messages/threads (multipart: subject, body, projectId?, file?) → { success, threadId }: the signed-in client starts a conversation.
import { getDb } from "@/server/core/get-db";
import { withClient } from "@/features/identity/server";
import {
  assertMessageQuota,
  assertNewThreadTarget,
  createClientThread,
  receiveMessageUpload,
  spendMessageQuota,
} from "@/features/messages/server";

export const dynamic = "force-dynamic";

export const POST = withClient(async (request, { actor }) => {
  const db = getDb();
  const { threadId } = await receiveMessageUpload(request, "clientThread", {
    admit: async ({ projectId }) => {
      await assertNewThreadTarget(db, { clientId: actor.clientId, projectId });
      await assertMessageQuota(db, actor);
    },
    save: async (input, file) => {
      await spendMessageQuota(db, actor);
      return createClientThread(db, { actor, input: { ...input, file } });
    },
  });
  return Response.json({ success: true, threadId }, { status: 201 });
});
