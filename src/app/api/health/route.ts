// GET /api/health: 200 {"status":"ok"} once the database answers, 503 otherwise. With ?deep=1 (an
// admin's session or `Authorization: Bearer <MONITORING_TOKEN>`): each queue's backlog as well;
// anonymous, 401 (docs/DEPLOYMENT.md#monitoring).
import { guardedRoute, type RouteMethod, withPublic } from "@/server/core/handler";
import { getDb } from "@/server/core/get-db";
import { withAdmin } from "@/features/identity/server";
import { checkDatabaseHealth, readQueueBacklog, requireMonitoringToken } from "@/features/operations/server";

export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "no-store" };

const cheap = withPublic(async () => {
  const ok = await checkDatabaseHealth();
  return Response.json({ status: ok ? "ok" : "unavailable" }, { status: ok ? 200 : 503, headers: NO_STORE });
});

async function deepAnswer(): Promise<Response> {
  if (!(await checkDatabaseHealth())) return Response.json({ status: "unavailable" }, { status: 503, headers: NO_STORE });
  return Response.json({ status: "ok", ...(await readQueueBacklog(getDb())) }, { headers: NO_STORE });
}

const deepForMonitor = guardedRoute(async (headers) => requireMonitoringToken(headers), deepAnswer);
const deepForAdmin = withAdmin(deepAnswer);

export const GET: RouteMethod = (request, context) => {
  const deep = new URL(request.url).searchParams.get("deep");
  if (deep === null || deep === "0") return cheap(request, context);
  return request.headers.has("authorization") ? deepForMonitor(request, context) : deepForAdmin(request, context);
};
