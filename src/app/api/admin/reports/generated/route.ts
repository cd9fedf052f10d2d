// GET /api/admin/reports/generated?projectId=&format=docx|pdf → the engagement's report generated from its published findings, as a Word document or a PDF.
import { generatedReportQuerySchema } from "@/features/reports/validation";
import { DOWNLOAD_CSP } from "@/lib/csp";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { withAdmin } from "@/features/identity/server";
import { generateEngagementReport } from "@/features/reports/server";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async (request, { actor }) => {
  const { projectId, format } = parseInput(generatedReportQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  const { fileName, contentType, bytes } = await generateEngagementReport(getDb(), { actor, projectId, format });
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": DOWNLOAD_CSP,
    },
  });
});
