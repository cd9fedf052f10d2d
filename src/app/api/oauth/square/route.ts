// Square connection: GET ?action=authorize|status (|callback), POST ?action=disconnect. Admins only.
import { getDb } from "@/server/data/db";
import { AppError } from "@/server/errors";
import { withAdmin } from "@/server/handler";
import { requireSquareConfig } from "@/server/integrations/square/config";
import { disconnectSquare, getSquareStatus } from "@/server/integrations/square/connection";
import { startSquareAuthorization } from "@/server/integrations/square/oauth";
import { handleSquareCallback } from "@/server/integrations/square/oauth-callback";
import { assertSameSite, currentSessionId } from "@/server/integrations/square/request-guards";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async (request, { actor }) => {
  const url = new URL(request.url);
  const action = url.searchParams.get("action");
  switch (action) {
    case "status":
      return Response.json(await getSquareStatus(getDb()), { headers: { "cache-control": "no-store" } });
    case "authorize": {
      const config = requireSquareConfig();
      const location = await startSquareAuthorization(getDb(), config, actor, await currentSessionId(request.headers));
      return new Response(null, { status: 302, headers: { location, "cache-control": "no-store" } });
    }
    case "callback":
      return handleSquareCallback(request, actor);
    case "disconnect":
      throw new AppError("bad_request", "Disconnecting changes data: send it as a POST.");
    default:
      throw new AppError("bad_request", "Unknown action: use authorize, status or callback.");
  }
});

export const POST = withAdmin(async (request, { actor }) => {
  assertSameSite(request);
  const action = new URL(request.url).searchParams.get("action");
  if (action !== "disconnect") throw new AppError("bad_request", "Unknown action: POST supports disconnect.");
  const result = await disconnectSquare(getDb(), requireSquareConfig(), actor);
  return Response.json({ success: true, ...result });
});
