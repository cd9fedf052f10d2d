// GET /api/admin/reports?projectId= → { success, reports }: every version of an engagement's reports, with download counts.
import { projectReportsQuerySchema } from "@/features/reports/validation";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { withAdmin } from "@/features/identity/server";
import { listProjectReports } from "@/features/reports/server";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async (request, { actor }) => {
  const { projectId } = parseInput(projectReportsQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  const reports = await listProjectReports(getDb(), { actor, projectId });
  return Response.json({ success: true, reports }, { headers: { "Cache-Control": "private, no-store" } });
});
