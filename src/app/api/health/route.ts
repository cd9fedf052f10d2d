// GET /api/health: 200 {"status":"ok"} once the database answers, 503 otherwise.
import { withPublic } from "@/server/core/handler";
import { checkDatabaseHealth } from "@/features/operations/server";

export const dynamic = "force-dynamic";

export const GET = withPublic(async () => {
  const ok = await checkDatabaseHealth();
  return Response.json({ status: ok ? "ok" : "unavailable" }, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
});
