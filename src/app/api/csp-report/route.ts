// POST /api/csp-report: browsers report Content-Security-Policy violations here; logged, rate limited, 16 KB at most.
import { limitCspReporter, logCspViolations, parseCspReports, readCspReportText } from "@/server/core/csp-report";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { withPublic } from "@/server/core/handler";

export const dynamic = "force-dynamic";

export const POST = withPublic(async (request) => {
  await limitCspReporter(getDb(), request.headers);
  const violations = parseCspReports(await readCspReportText(request));
  if (!violations) {
    throw new AppError("bad_request", "Expected a CSP violation report (application/csp-report or application/reports+json).");
  }
  logCspViolations(violations);
  return new Response(null, { status: 204 });
});
