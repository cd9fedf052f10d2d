// POST /api/client/reports/{id}/download ({ code?, passkey?, password? }) → { downloadUrl, filename }: after a fresh second factor, the download recorded and a short-lived link to the copy stamped for the caller.
import { uuidSchema } from "@/lib/validation/common";
import { reportDownloadSchema } from "@/features/reports/validation";
import { assertReportsVisible } from "@/server/core/actor";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { parseJson } from "@/server/core/handler";
import { confirmFreshSecondFactor } from "@/features/identity/server";
import { withClientRead } from "@/features/identity/server";
import { downloadRequestOf } from "@/features/documents/server";
import { REPORT_NOT_FOUND, requestReportDownload } from "@/features/reports/server";

export const dynamic = "force-dynamic";

// A read (a viewing admin may download too, as the firm, in the company's access log); every
// download asks the person who makes it for a fresh second factor (docs/PRODUCT.md#portal-reports).
export const POST = withClientRead(async (request, { actor, params }) => {
  if (!uuidSchema.safeParse(params.id).success) throw new AppError("not_found", REPORT_NOT_FOUND);
  // Refused before any proof is asked: no proof would change the answer.
  assertReportsVisible(actor);
  const proof = await parseJson(request, reportDownloadSchema);
  await confirmFreshSecondFactor(getDb(), request.headers, proof);
  const { downloadUrl, filename } = await requestReportDownload(getDb(), {
    actor,
    reportId: params.id as string,
    from: downloadRequestOf(request),
  });
  return Response.json({ success: true, downloadUrl, filename }, { headers: { "Cache-Control": "private, no-store" } });
});
