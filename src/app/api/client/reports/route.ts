// GET /api/client/reports → { success, reports }: the company's downloadable reports (owners also get each one's download history); a read, so a viewing admin may too.
import { getDb } from "@/server/core/get-db";
import { withClientRead } from "@/features/identity/server";
import { listPortalReports } from "@/features/reports/server";

export const dynamic = "force-dynamic";

export const GET = withClientRead(async (_request, { actor }) => {
  const reports = await listPortalReports(getDb(), { actor });
  return Response.json({ success: true, reports }, { headers: { "Cache-Control": "private, no-store" } });
});
