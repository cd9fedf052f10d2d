// POST /api/admin/messages/threads (multipart: clientId, subject, body, projectId?, file?) → { success, threadId }: the team starts a conversation with a client.
import { getDb } from "@/server/core/get-db";
import { withAdmin } from "@/features/identity/server";
import {
  assertMessageQuota,
  assertNewThreadTarget,
  createAdminThread,
  receiveMessageUpload,
  spendMessageQuota,
} from "@/features/messages/server";

export const dynamic = "force-dynamic";

export const POST = withAdmin(async (request, { actor }) => {
  const db = getDb();
  const { threadId } = await receiveMessageUpload(request, "adminThread", {
    admit: async ({ clientId, projectId }) => {
      await assertNewThreadTarget(db, { clientId, projectId });
      await assertMessageQuota(db, actor);
    },
    save: async ({ clientId, ...input }, file) => {
      await spendMessageQuota(db, actor);
      return createAdminThread(db, { actor, clientId, input: { ...input, file } });
    },
  });
  return Response.json({ success: true, threadId }, { status: 201 });
});
