import "server-only";
import path from "node:path";
import { STATIC_PAGE_CSP_KEY, type StaticPageHashes } from "@/lib/csp";
import { readStaticPageCsp } from "../../../scripts/static-page-csp.mjs";

/**
 * Makes sure src/proxy.ts has the build's script hashes of the prerendered pages (see
 * docs/SECURITY-HEADERS.md). scripts/start.mjs reads them before Next starts; under
 * `next start` nobody did, so read them here from the build Next serves (`.next` in the working
 * directory). `next dev` renders every page per request and gives each a nonce. Throws, refusing
 * the start, when the build has no hashes of its own. Returns who read them, for the start-up log.
 */
export function ensureStaticPageCsp(): "start-script" | "in-process" | "not needed (next dev)" {
  const global = globalThis as Record<symbol, StaticPageHashes | undefined>;
  if (global[STATIC_PAGE_CSP_KEY]) return "start-script";
  if (process.env.NODE_ENV === "development") return "not needed (next dev)";
  global[STATIC_PAGE_CSP_KEY] = readStaticPageCsp(path.join(/* turbopackIgnore: true */ process.cwd(), ".next"));
  return "in-process";
}
