// Square connection: GET ?action=authorize|status (|callback), POST ?action=disconnect. Admins only.
import { getDb } from "@/server/core/get-db";
import { withAdmin } from "@/features/identity/server";
import {
  assertSameSite,
  currentSessionId,
  disconnectSquare,
  getSquareStatus,
  handleSquareCallback,
  requireSquareConfig,
  squareOAuthAction,
  startSquareAuthorization,
} from "@/features/square/server";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async (request, { actor }) => {
  switch (squareOAuthAction("GET", request.url)) {
    case "status":
      return Response.json(await getSquareStatus(getDb()), { headers: { "cache-control": "no-store" } });
    case "authorize": {
      const config = requireSquareConfig();
      const location = await startSquareAuthorization(getDb(), config, actor, await currentSessionId(request.headers));
      return new Response(null, { status: 302, headers: { location, "cache-control": "no-store" } });
    }
    case "callback":
    default:
      return handleSquareCallback(request, actor);
  }
});

export const POST = withAdmin(async (request, { actor }) => {
  assertSameSite(request);
  squareOAuthAction("POST", request.url);
  const result = await disconnectSquare(getDb(), requireSquareConfig(), actor);
  return Response.json({ success: true, ...result });
});
