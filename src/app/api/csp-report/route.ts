// POST /api/csp-report: browsers report Content-Security-Policy violations here; logged, rate limited, 16 KB at most.
import { rateLimitSubject } from "@/server/core/client-address";
import { CSP_REPORT_RATE_LIMIT, logCspViolations, parseCspReports, readCspReportText } from "@/server/core/csp-report";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { withPublic } from "@/server/core/handler";
import { clientIp, hitRateLimit } from "@/server/core/rate-limit";

export const dynamic = "force-dynamic";

export const POST = withPublic(async (request) => {
  // Counted before the body is read, so a flood of junk costs one upsert each and no parsing. An
  // IPv6 client holds a whole /64, so it is counted by that, as every other limit does.
  const limit = await hitRateLimit(getDb(), `csp-report:ip:${rateLimitSubject(clientIp(request.headers))}`, CSP_REPORT_RATE_LIMIT);
  if (!limit.allowed) {
    throw new AppError("rate_limited", "Too many reports. Please wait a minute.", {
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  const violations = parseCspReports(await readCspReportText(request));
  if (!violations) {
    throw new AppError("bad_request", "Expected a CSP violation report (application/csp-report or application/reports+json).");
  }
  logCspViolations(violations);
  return new Response(null, { status: 204 });
});
