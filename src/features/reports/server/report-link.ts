import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret, serverEnv } from "@/server/core/env";

// The link that fetches one stamped copy: /api/reports/files/{download id}?expires[&view=1]&sig
// (view: made by an admin viewing the portal, for the access log of each fetch). A key of
// its own (derived from AUTH_SECRET), so no document link can stand for a report. The link is only
// the bearer's permission to fetch the copy already recorded: the report's state is checked again
// at every fetch, so revoking it stops links already handed out.

/** Long enough to fetch the copy (and retry once); short enough that a forwarded link soon dies. */
export const REPORT_LINK_TTL_SECONDS = 300;

const key = () => createHmac("sha256", authSecret()).update("report-download-v1").digest();
const signature = (downloadId: string, expires: number, viewingPortal: boolean) =>
  createHmac("sha256", key())
    .update(`${downloadId}.${expires}${viewingPortal ? ".view" : ""}`)
    .digest();

export function signReportLink(downloadId: string, { viewingPortal = false, now = Date.now() } = {}): string {
  const expires = Math.floor(now / 1000) + REPORT_LINK_TTL_SECONDS;
  const query = new URLSearchParams({
    expires: String(expires),
    ...(viewingPortal ? { view: "1" } : {}),
    sig: signature(downloadId, expires, viewingPortal).toString("base64url"),
  });
  return `${serverEnv().appUrl}/api/reports/files/${encodeURIComponent(downloadId)}?${query}`;
}

/** True when the signature matches the download id and the link has not expired (constant-time comparison). */
export function verifyReportLink(
  downloadId: string,
  params: { expires: string | null; sig: string | null; view?: string | null },
  now = Date.now(),
): boolean {
  const expires = Number(params.expires);
  if (!params.sig || !Number.isSafeInteger(expires) || expires * 1000 < now) return false;
  const expected = signature(downloadId, expires, params.view === "1");
  const given = Buffer.from(params.sig, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
