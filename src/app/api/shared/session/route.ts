// POST /api/shared/session ({ token }) → 204 with the recipient's session cookie: a mailed share link used once. DELETE → 204, the session ended.
import { getDb } from "@/server/core/get-db";
import { parseJson, withPublic } from "@/server/core/handler";
import { closeShareSession, openShareSession, shareCookieOf, shareSessionCookie } from "@/features/sharing/server";
import { shareSessionSchema } from "@/features/sharing/validation";

export const dynamic = "force-dynamic";

// Public: the mailed token is the permission (docs/PRODUCT.md#sharing-with-third-parties). A POST, not
// the link's GET, so a mail scanner opening the link does not use it up.
export const POST = withPublic(async (request) => {
  const { token } = await parseJson(request, shareSessionSchema);
  const { cookie, expiresAt } = await openShareSession(getDb(), token);
  return new Response(null, { status: 204, headers: { "Set-Cookie": shareSessionCookie(cookie, expiresAt), "Cache-Control": "no-store" } });
});

export const DELETE = withPublic(async (request) => {
  await closeShareSession(getDb(), shareCookieOf(request.headers));
  return new Response(null, { status: 204, headers: { "Set-Cookie": shareSessionCookie(null, null) } });
});
