// GET /api/client/messages/threads/{id}?before= → one page of the client's own thread (marks it read);
// POST (multipart: body, file?) → { success, messageId }: a reply. Another client's thread is a 404.
// An admin viewing the portal may read (not marking it read), never reply.
import { withClient, withClientRead } from "@/features/identity/server";
import { threadRoute } from "@/features/messages/server";

export const dynamic = "force-dynamic";

export const { GET, POST } = threadRoute(withClientRead, withClient);
