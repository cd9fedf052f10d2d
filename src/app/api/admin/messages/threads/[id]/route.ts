// GET /api/admin/messages/threads/{id}?before= → one page of any thread (marks it read for this admin);
// POST (multipart: body, file?) → { success, messageId }: a reply. An unknown thread is a 404.
import { withAdmin } from "@/features/identity/server";
import { threadRoute } from "@/features/messages/server";

export const dynamic = "force-dynamic";

export const { GET, POST } = threadRoute(withAdmin);
