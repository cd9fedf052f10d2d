// Runs before every request the app serves (pages, server actions, route handlers, /api/auth):
// 1. Decides the client address by the one rule (src/server/client-address.ts) and passes the app
//    a single normalized X-Forwarded-For, so rate limits, better-auth and logs all see the same
//    address and none sees a client-written one, however the app is served.
// 2. Optimistic redirect for the admin area: without any session cookie there is no point
//    rendering an admin page. A convenience only; every admin page and route handler checks the
//    session and the role on the server itself (requireAdminPage / withAdmin).
import { getSessionCookie } from "better-auth/cookies";
import { type NextRequest, NextResponse } from "next/server";
import {
  currentPeerNonce,
  PEER_HEADER,
  parseTrustProxy,
  peerFromStamp,
  type ProxyTrust,
  resolveClientAddress,
  TrustProxyError,
} from "@/server/client-address";

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

function isAdminPage(pathname: string): boolean {
  if (pathname !== "/admin" && !pathname.startsWith("/admin/")) return false;
  return pathname !== "/admin/login" && !pathname.startsWith("/admin/login/");
}

export function proxy(request: NextRequest) {
  if (isAdminPage(request.nextUrl.pathname) && !getSessionCookie(request)) {
    return NextResponse.redirect(new URL("/admin/login", request.url));
  }
  return NextResponse.next({ request: { headers: withClientAddress(request.headers) } });
}

export const config = {
  // Everything but build assets: server actions are POSTs to page paths, so they are covered too.
  matcher: ["/((?!_next/static/|_next/image|favicon.ico).*)"],
};
