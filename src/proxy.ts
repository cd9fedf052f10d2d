// Optimistic redirect for the admin area: without any session cookie there is no point rendering
// an admin page. This is a convenience only; every admin page and route handler checks the
// session and the role on the server itself (requireAdminPage / withAdmin).
import { getSessionCookie } from "better-auth/cookies";
import { type NextRequest, NextResponse } from "next/server";
import { pageSecurityHeaders } from "@/lib/csp";

function adminRedirect(request: NextRequest): NextResponse | null {
  const { pathname } = request.nextUrl;
  if (pathname !== "/admin" && !pathname.startsWith("/admin/")) return null;
  if (pathname === "/admin/login" || pathname.startsWith("/admin/login/")) return null;
  if (getSessionCookie(request)) return null;
  return NextResponse.redirect(new URL("/admin/login", request.url));
}

export function proxy(request: NextRequest) {
  // --- security headers (CSP with a fresh nonce, HSTS): src/lib/csp.ts -----------------------
  const security = pageSecurityHeaders(request.nextUrl.pathname, {
    appUrl: process.env.APP_URL,
    isDev: process.env.NODE_ENV === "development",
  });
  const requestHeaders = new Headers(request.headers);
  for (const [name, value] of Object.entries(security.request)) requestHeaders.set(name, value);
  // ----------------------------------------------------------------------------------------------
  const response = adminRedirect(request) ?? NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(security.response)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Every page (for its CSP); not API routes (they set their own headers), build assets or
  // prefetches (RSC payloads, not documents).
  matcher: [
    {
      source: "/((?!api/|_next/static|_next/image|favicon.ico|icon.svg|robots.txt|sitemap.xml).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
