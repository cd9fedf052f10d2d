// POST /api/admin/reports/{id}/download ({ code?, passkey?, password? }) → { downloadUrl, filename }: an admin's download from the engagement's report vault, after a fresh second factor, recorded and stamped for the admin.
import { uuidSchema } from "@/lib/validation/common";
import { reportDownloadSchema } from "@/features/reports/validation";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { parseJson } from "@/server/core/handler";
import { confirmFreshSecondFactor } from "@/features/identity/server";
import { withAdmin } from "@/features/identity/server";
import { downloadRequestOf } from "@/features/documents/server";
import { REPORT_NOT_FOUND, requestAdminReportDownload } from "@/features/reports/server";

export const dynamic = "force-dynamic";

// The firm's download (docs/PRODUCT.md#admin-reports): in the company's access log, like one made
// while viewing its portal; the admin proves a fresh second factor as a client would.
export const POST = withAdmin(async (request, { actor, params }) => {
  if (!uuidSchema.safeParse(params.id).success) throw new AppError("not_found", REPORT_NOT_FOUND);
  const proof = await parseJson(request, reportDownloadSchema);
  await confirmFreshSecondFactor(getDb(), request.headers, proof);
  const { downloadUrl, filename } = await requestAdminReportDownload(getDb(), {
    actor,
    reportId: params.id as string,
    from: downloadRequestOf(request),
  });
  return Response.json({ success: true, downloadUrl, filename }, { headers: { "Cache-Control": "private, no-store" } });
});
