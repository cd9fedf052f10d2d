import "server-only";
import { uuidSchema } from "@/lib/validation/common";
import { threadPageQuerySchema } from "@/features/messages/validation";
import type { AdminActor, ClientActor } from "@/server/core/actor";
import { getDb } from "@/server/core/get-db";
import { type Handler, parseInput, type RouteMethod } from "@/server/core/handler";
import { getThreadPage } from "./messages-read";
import { assertMessageQuota, assertThreadAccess, postReply, spendMessageQuota } from "./messages-write";
import { receiveMessageUpload } from "./message-upload";

/**
 * The GET (one page, marks it read) and POST (a reply) of one thread, the same for the admin and
 * the client route: each route passes its own guards (the read's and the write's: an admin viewing
 * a portal reads, never writes), and the module's functions scope the thread by the actor (a
 * client only reaches its own client's threads; another's answers as missing).
 */
export function threadRoute<A extends AdminActor | ClientActor>(
  guarded: (handler: Handler<A>) => RouteMethod,
  guardedWrite: (handler: Handler<A>) => RouteMethod = guarded,
) {
  return {
    GET: guarded(async (request, { actor, params }) => {
      const threadId = parseInput(uuidSchema, params.id);
      const { before } = parseInput(threadPageQuerySchema, { before: new URL(request.url).searchParams.get("before") ?? undefined });
      const page = await getThreadPage(getDb(), { actor, threadId, before });
      return Response.json({ success: true, ...page }, { headers: { "Cache-Control": "private, no-store" } });
    }),
    POST: guardedWrite(async (request, { actor, params }) => {
      const threadId = parseInput(uuidSchema, params.id);
      const db = getDb();
      const { messageId } = await receiveMessageUpload(request, "reply", {
        admit: async () => {
          await assertThreadAccess(db, { actor, threadId });
          await assertMessageQuota(db, actor);
        },
        save: async ({ body }, file) => {
          await spendMessageQuota(db, actor);
          return postReply(db, { actor, threadId, body, file });
        },
      });
      return Response.json({ success: true, messageId }, { status: 201 });
    }),
  };
}
