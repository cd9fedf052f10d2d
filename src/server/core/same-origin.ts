import "server-only";
import { serverEnv } from "./env";
import { AppError } from "./errors";

// A request that changes data must come from a page of the site (APP_URL): browsers put Origin on
// every POST, PUT, PATCH and DELETE, a form another site submits included, so a request without
// it or from elsewhere is refused before its guard, its body or anything else is looked at
// (README.md, "Cross-site requests"). The route wrappers in handler.ts apply it to every
// route handler.

const CHANGES_DATA = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Paths the check leaves to their own proof; a path ending in "/" covers everything below it. */
const SENT_WITHOUT_OUR_ORIGIN = [
  // better-auth's endpoints: it checks Origin (and Fetch Metadata) against its trusted origins,
  // which are APP_URL, itself.
  "/api/auth/",
  // Square posts server-to-server, with no Origin; the HMAC signature over the body is the proof.
  "/api/square/webhook",
  // Browsers send violation reports with no usable Origin; a report changes nothing but a log line
  // and its own rate limit.
  "/api/csp-report",
  // A mail provider sends the RFC 8058 one-click unsubscribe from its own servers, with no Origin;
  // the signed token in the address is the proof, not a session cookie.
  "/api/notifications/unsubscribe",
  // The company API: a client's systems call it from their servers with a bearer token, never a
  // cookie; a page of another site cannot send a token it does not hold (no CORS is granted).
  "/api/v1/",
  // A client's ticket system posts its webhooks server-to-server; the signature under the
  // connection's own secret is the proof.
  "/api/trackers/",
];

const exempt = (pathname: string) =>
  SENT_WITHOUT_OUR_ORIGIN.some((path) => (path.endsWith("/") ? pathname.startsWith(path) : pathname === path));

/** 403 for a request that changes data and does not come from APP_URL's origin (or says none). */
export function assertSameOrigin(request: Request): void {
  if (!CHANGES_DATA.has(request.method) || exempt(new URL(request.url).pathname)) return;
  const origin = request.headers.get("origin");
  if (origin === null) throw new AppError("forbidden", "Requests that change data must come from the site: the Origin header is missing.");
  if (origin !== new URL(serverEnv().appUrl).origin) throw new AppError("forbidden", "Cross-site requests are not allowed.");
}
