// Content-Security-Policy and HSTS values, built in one place for src/proxy.ts (pages) and the
// download route (files). Pure code: it runs in the proxy, in route handlers and in unit tests.
// Why each source is allowed: docs/SECURITY-HEADERS.md.

import { LEGAL_PAGES } from "./legal-pages";
import { THEME_SCRIPT_SHA256 } from "./theme";

/** Where browsers send violation reports (report-uri, and report-to through Reporting-Endpoints). */
export const CSP_REPORT_PATH = "/api/csp-report";
/** The group name the `report-to` directive and the Reporting-Endpoints header share. */
export const CSP_REPORT_GROUP = "csp";

/**
 * Pages rendered per request: they get a fresh nonce. Everything else is prerendered (the marketing
 * pages, and the 404 page served for unknown addresses), so no request exists to carry a nonce:
 * their scripts are allowed by the hashes the build computed (staticPagePolicy).
 * tests/unit/csp-pages.test.ts checks every page on disk against these two lists.
 */
export const DYNAMIC_PAGE_PREFIXES: readonly string[] = [
  "/client-portal",
  "/admin",
  "/forgot-password",
  "/reset-password",
  "/confirm-email",
  "/unsubscribe",
  "/dev",
  "/verify",
  "/shared",
];
/**
 * The signed-out /client-portal: the login form, prerendered. Only src/proxy.ts serves it, under
 * /client-portal's address; it is never addressed by itself.
 */
export const CLIENT_LOGIN_PAGE_PATH = "/client-login";
/** Prerendered at build time and never rendered again (○ in the build output). */
export const STATIC_PAGE_PATHS: readonly string[] = ["/", CLIENT_LOGIN_PAGE_PATH, ...Object.values(LEGAL_PAGES).map((page) => page.path)];
/** The prerendered 404 page, which Next serves for any address that matches no route. */
export const NOT_FOUND_PAGE_PATH = "/_not-found";

/**
 * The build's script hashes of each prerendered page (`sha256-…`, by page path), written by
 * scripts/static-page-csp.mjs and put on this global for the proxy by scripts/start.mjs (under
 * `next start`, by src/server/core/static-page-csp.ts).
 */
export type StaticPageHashes = Readonly<Record<string, readonly string[]>>;
export const STATIC_PAGE_CSP_KEY = Symbol.for("sentinel.staticPageCsp");

/** Every file download: the document is shown as an opaque origin with no scripts, forms or plugins. */
export const DOWNLOAD_CSP = "sandbox";

export const HSTS_VALUE = "max-age=31536000; includeSubDomains";

type PolicyOptions = {
  /** `next dev` needs eval for React's error overlays and stack reconstruction; never in production. */
  isDev?: boolean;
  /** With an https APP_URL, stray http:// subresources are upgraded rather than blocked. */
  isHttps?: boolean;
};

function serialize(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => (sources.length ? `${name} ${sources.join(" ")}` : name))
    .join("; ");
}

/** The sources every page shares; only script-src differs between dynamic and static pages. */
function basePolicy(scriptSrc: string[], { isHttps = false }: PolicyOptions): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": scriptSrc,
    // Inline styles are allowed on purpose: React renders style props as attributes (progress
    // bars) and Radix's scroll lock inserts <style> elements without a nonce. Scripts stay locked.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "frame-ancestors": ["'none'"],
    // Square's OAuth is a full-page navigation (a link / redirect), not a form post to Square.
    "form-action": ["'self'"],
    "report-uri": [CSP_REPORT_PATH],
    "report-to": [CSP_REPORT_GROUP],
  };
  if (isHttps) directives["upgrade-insecure-requests"] = [];
  return directives;
}

/**
 * Dynamic pages: scripts run only with this request's nonce (Next adds it to its own scripts after
 * reading it from the request's CSP header); 'strict-dynamic' lets those load their chunks. The
 * one inline script of our own, the theme's (src/lib/theme.ts), runs by its hash: the root layout
 * renders it on prerendered pages too, where no nonce exists.
 */
export function dynamicPagePolicy(nonce: string, options: PolicyOptions = {}): string {
  const script = ["'self'", `'nonce-${nonce}'`, `'${THEME_SCRIPT_SHA256}'`, "'strict-dynamic'"];
  if (options.isDev) script.push("'unsafe-eval'");
  return serialize(basePolicy(script, options));
}

/**
 * Prerendered pages: no request exists to carry a nonce, so scripts run by hash: the SHA-256 of
 * each inline script of the page's HTML, and of each external one (the HTML names it in the
 * script's `integrity` attribute, which CSP3 matches against these hashes). 'strict-dynamic' lets
 * those load their chunks. The hashes are the build's (`hashes`, see StaticPageHashes); with none,
 * no script runs.
 */
export function staticPagePolicy(hashes: readonly string[], options: Pick<PolicyOptions, "isHttps"> = {}): string {
  return serialize(basePolicy(["'self'", "'strict-dynamic'", ...hashes.map((hash) => `'${hash}'`)], options));
}

/** The hashes for a page path: its own when it is prerendered, else the 404 page's Next serves there. */
export function staticHashesFor(pathname: string, pages: StaticPageHashes): readonly string[] {
  return pages[pathname] ?? pages[NOT_FOUND_PAGE_PATH] ?? [];
}

export function isDynamicPagePath(pathname: string): boolean {
  return DYNAMIC_PAGE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** 128 random bits, base64: unguessable and fresh for each request. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** HSTS only makes sense (and is only honoured) when the public address is https. */
export function isHttpsAppUrl(appUrl: string | undefined): boolean {
  return /^https:\/\//i.test(appUrl?.trim() ?? "");
}

export type PageSecurityHeaders = {
  /** Set on the request Next renders, so it can put the nonce on its scripts. */
  request: Record<string, string>;
  /** Set on the response the browser gets. */
  response: Record<string, string>;
};

/**
 * Everything the proxy adds to a page request and its response. `staticPages` are the build's hashes;
 * `next dev` has none and renders every page per request, so there every page gets a nonce.
 */
export function pageSecurityHeaders(
  pathname: string,
  {
    appUrl,
    isDev = false,
    nonce = createNonce(),
    staticPages = {},
  }: { appUrl: string | undefined; isDev?: boolean; nonce?: string; staticPages?: StaticPageHashes },
): PageSecurityHeaders {
  const isHttps = isHttpsAppUrl(appUrl);
  const isDynamic = isDev || isDynamicPagePath(pathname);
  const policy = isDynamic
    ? dynamicPagePolicy(nonce, { isDev, isHttps })
    : staticPagePolicy(staticHashesFor(pathname, staticPages), { isHttps });
  const response: Record<string, string> = {
    "Content-Security-Policy": policy,
    "Reporting-Endpoints": `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`,
  };
  if (isHttps) response["Strict-Transport-Security"] = HSTS_VALUE;
  return { request: isDynamic ? { "Content-Security-Policy": policy, "x-nonce": nonce } : {}, response };
}
