// Runs before every request the app serves (pages, server actions, route handlers, /api/auth):
// 1. Decides the client address by the one rule (src/server/core/client-address.ts) and passes the app
//    a single normalized X-Forwarded-For, so rate limits, better-auth and logs all see the same
//    address and none sees a client-written one, however the app is served.
// 2. Security headers on documents: a CSP with a fresh nonce on dynamic pages, the build's script
//    hashes on prerendered ones, HSTS for an https APP_URL (src/lib/csp.ts).
// 3. Optimistic redirect for the admin area: without any session cookie there is no point
//    rendering an admin page. A convenience only; every admin page and route handler checks the
//    session and the role on the server itself (requireAdminPage / withAdmin).
// 4. The signed-out /client-portal is the prerendered login form: a request without a session
//    cookie is served that page, under /client-portal's address, instead of a render per request.
// 5. A path whose percent-encoding does not decode is refused with a 400 (malformedPath).
// 6. A server action from another origin is refused with a 403, one whose body is not what React's
//    client sends with a 400 (src/server/core/action-request.ts): Next would answer both with a 500.
import { getSessionCookie } from "better-auth/cookies";
import { type NextRequest, NextResponse } from "next/server";
import { malformedPathAnswer } from "@/lib/malformed-path.mjs";
import { serverActionRefusal } from "@/server/core/action-request";
import { CLIENT_LOGIN_PAGE_PATH, pageSecurityHeaders, STATIC_PAGE_CSP_KEY, type StaticPageHashes } from "@/lib/csp";
import {
  currentPeerNonce,
  PEER_HEADER,
  parseTrustProxy,
  peerFromStamp,
  type ProxyTrust,
  resolveClientAddress,
  TrustProxyError,
} from "@/server/core/client-address";

let trust: ProxyTrust | undefined;
function proxyTrust(): ProxyTrust {
  if (trust) return trust;
  try {
    trust = parseTrustProxy(process.env.TRUST_PROXY);
  } catch (error) {
    // The start-up check refuses to start with a bad value; should one slip through, trust nobody.
    if (!(error instanceof TrustProxyError)) throw error;
    console.error(`[proxy] ${error.message} Trusting no proxy.`);
    trust = { kind: "none" };
  }
  return trust;
}

let missingHashesLogged = false;
/** The build's script hashes of the prerendered pages, read at start-up (none in `next dev`). */
function staticPageHashes(isDev: boolean): StaticPageHashes | undefined {
  const pages = (globalThis as Record<symbol, StaticPageHashes | undefined>)[STATIC_PAGE_CSP_KEY];
  if (!pages && !isDev && !missingHashesLogged) {
    missingHashesLogged = true;
    console.error("[proxy] no static page CSP hashes: prerendered pages will run no script. Build with `npm run build`.");
  }
  return pages;
}

/** Request headers for the app: one X-Forwarded-For holding the client address, no stamp. */
export function withClientAddress(headers: Headers): Headers {
  const out = new Headers(headers);
  const address = resolveClientAddress({
    forwardedFor: headers.get("x-forwarded-for"),
    socketAddress: peerFromStamp(headers.get(PEER_HEADER), currentPeerNonce()),
    trust: proxyTrust(),
  });
  out.set("x-forwarded-for", address);
  out.delete("x-real-ip");
  out.delete(PEER_HEADER);
  return out;
}

function adminRedirect(request: NextRequest): NextResponse | null {
  const { pathname } = request.nextUrl;
  if (pathname !== "/admin" && !pathname.startsWith("/admin/")) return null;
  if (pathname === "/admin/login" || pathname.startsWith("/admin/login/")) return null;
  if (getSessionCookie(request)) return null;
  return NextResponse.redirect(new URL("/admin/login", request.url));
}

const CLIENT_PORTAL_PATH = "/client-portal";

/**
 * Without a session cookie, the portal page can only show its login form (getSession answers null
 * without one), and that form is prerendered (src/app/(auth)/client-login): serve it as it is. A
 * session cookie, even a stale one, is decided by the page itself (which has a stale one cleared).
 * A server action goes the same way as the page it was sent from (no cookie: the login page), so
 * the page Next renders after it is the same route and the form keeps its state: the proxy cannot
 * tell by the router state, since Next keeps its flight headers (`next-router-state-tree`) from the
 * proxy. The login page has no address of its own: a direct visit goes to /client-portal.
 */
function clientPortalRoute(request: NextRequest): { rewrite: string } | { redirect: string } | null {
  const { pathname } = request.nextUrl;
  if (pathname === CLIENT_LOGIN_PAGE_PATH) return { redirect: CLIENT_PORTAL_PATH };
  if (pathname !== CLIENT_PORTAL_PATH || getSessionCookie(request)) return null;
  return { rewrite: CLIENT_LOGIN_PAGE_PATH };
}

/** CSP and HSTS belong on documents: not on route handlers (downloads set their own) or prefetches. */
function isDocumentRequest(request: NextRequest): boolean {
  if (request.nextUrl.pathname.startsWith("/api/")) return false;
  return !request.headers.get("next-router-prefetch") && request.headers.get("purpose") !== "prefetch";
}

function redirectTo(request: NextRequest, pathname: string): NextResponse {
  const url = request.nextUrl.clone();
  url.pathname = pathname;
  return NextResponse.redirect(url);
}

/** A path that does not decode is refused before any route (src/lib/malformed-path.mjs). */
function malformedPath(request: NextRequest): NextResponse | null {
  const answer = malformedPathAnswer(request.nextUrl.pathname);
  return answer && new NextResponse(answer.body, { status: answer.status, headers: { "content-type": answer.contentType } });
}

// Only a server action's request waits for its check (its body is read): everything else stays synchronous.
export function proxy(request: NextRequest): NextResponse | Promise<NextResponse> {
  const malformed = malformedPath(request);
  if (malformed) return malformed;
  if (request.method === "POST" && request.headers.has("next-action"))
    return serverActionRefusal(request, process.env.APP_URL).then((refusal) =>
      refusal ? NextResponse.json({ success: false, error: refusal.message }, { status: refusal.status }) : passOn(request),
    );
  return passOn(request);
}

function passOn(request: NextRequest): NextResponse {
  const portal = clientPortalRoute(request);
  if (portal && "redirect" in portal) return redirectTo(request, portal.redirect);
  const rendered = portal?.rewrite ?? request.nextUrl.pathname;
  const requestHeaders = withClientAddress(request.headers);
  // --- security headers (CSP with a fresh nonce or the build's hashes, HSTS): src/lib/csp.ts ---
  // Those of the page that answers: the prerendered login form's hashes when it stands in for the portal.
  const isDev = process.env.NODE_ENV === "development";
  const security = isDocumentRequest(request)
    ? pageSecurityHeaders(rendered, { appUrl: process.env.APP_URL, isDev, staticPages: staticPageHashes(isDev) })
    : { request: {}, response: {} };
  for (const [name, value] of Object.entries(security.request)) requestHeaders.set(name, value);
  // ----------------------------------------------------------------------------------------------
  const next = { request: { headers: requestHeaders } };
  const response =
    adminRedirect(request) ??
    (portal ? NextResponse.rewrite(new URL(`${portal.rewrite}${request.nextUrl.search}`, request.url), next) : NextResponse.next(next));
  for (const [name, value] of Object.entries(security.response)) response.headers.set(name, value);
  return response;
}

// Next buffers the body of every request the proxy runs on, whole and before the route sees it,
// and cuts it at experimental.proxyClientMaxBodySize (next.config.ts; Next 16's
// getCloneableBody). A multipart upload (documents, message attachments: 50 MB, counted while
// streaming by src/server/core/uploads) must reach its route handler as the client's stream, so
// the proxy skips every multipart request to a route handler. Those routes use no client address
// from here (clientIp in src/server/core/rate-limit.ts reads the socket stamp itself); better-auth
// (/api/auth) and pages with their server actions always pass through. Next reads this config
// without running it: literals only.
export const config = {
  matcher: [
    // Pages and server actions (POSTs to page paths), all but build assets and the icon sprite.
    "/((?!_next/static/|_next/image|favicon.ico|icons.svg|api/).*)",
    // Route handlers, but for multipart uploads (above) and the health probe: load balancers call it
    // several times a second and it uses neither a client address nor security headers, so running
    // the proxy for it only halved its speed.
    { source: "/api/((?!health$).*)", missing: [{ type: "header", key: "content-type", value: "multipart/form-data.*" }] },
    "/api/auth/:path*",
  ],
};
