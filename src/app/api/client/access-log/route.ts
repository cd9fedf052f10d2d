// GET /api/client/access-log?page= → { success, rows, total, page, pageSize }: the firm's accesses to the company's data, newest first (owners; a viewing admin sees as an owner).
import { accessLogQuerySchema } from "@/features/reports/validation";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { withClientRead } from "@/features/account/server";
import { listClientAccessLog } from "@/features/audit/server";

export const dynamic = "force-dynamic";

export const GET = withClientRead(async (request, { actor }) => {
  const { page } = parseInput(accessLogQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  const log = await listClientAccessLog(getDb(), { actor, page });
  return Response.json({ success: true, ...log }, { headers: { "Cache-Control": "private, no-store" } });
});
