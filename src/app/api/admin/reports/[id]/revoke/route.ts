// POST /api/admin/reports/{id}/revoke → { success, report }: no download of this report is served from now on, links already handed out included.
import { uuidSchema } from "@/lib/validation/common";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { withAdmin } from "@/server/modules/account";
import { REPORT_NOT_FOUND, revokeReport } from "@/server/modules/reports";
import { AppError } from "@/server/core/errors";

export const dynamic = "force-dynamic";

export const POST = withAdmin(async (_request, { actor, params }) => {
  if (!uuidSchema.safeParse(params.id).success) throw new AppError("not_found", REPORT_NOT_FOUND);
  const report = await revokeReport(getDb(), { actor, reportId: parseInput(uuidSchema, params.id) });
  return Response.json({ success: true, report });
});
