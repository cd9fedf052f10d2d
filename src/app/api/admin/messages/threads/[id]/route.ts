// GET /api/admin/messages/threads/{id}?before= → one page of any thread (marks it read for this admin);
// POST (multipart: body, file?) → { success, messageId }: a reply. An unknown thread is a 404.
import { uuidSchema } from "@/lib/validation/common";
import { threadPageQuerySchema } from "@/lib/validation/messages";
import { getDb } from "@/server/data/db";
import { getThreadPage } from "@/server/data/messages-read";
import { assertThreadAccess, postReply, spendMessageQuota } from "@/server/data/messages-write";
import { parseInput, withAdmin } from "@/server/handler";
import { receiveMessageUpload } from "@/server/uploads/message-upload";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async (request, { actor, params }) => {
  const threadId = parseInput(uuidSchema, params.id);
  const { before } = parseInput(threadPageQuerySchema, { before: new URL(request.url).searchParams.get("before") ?? undefined });
  const page = await getThreadPage(getDb(), { actor, threadId, before });
  return Response.json({ success: true, ...page }, { headers: { "Cache-Control": "private, no-store" } });
});

export const POST = withAdmin(async (request, { actor, params }) => {
  const threadId = parseInput(uuidSchema, params.id);
  const db = getDb();
  const { messageId } = await receiveMessageUpload(request, "reply", async ({ body }, file) => {
    await assertThreadAccess(db, { actor, threadId });
    await spendMessageQuota(db, actor);
    return postReply(db, { actor, threadId, body, file });
  });
  return Response.json({ success: true, messageId }, { status: 201 });
});
