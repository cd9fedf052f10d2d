import "server-only";
import { tryGetCurrentAuthEndpointContext } from "@better-auth/core/context";
import { guardedFetchApi } from "@/server/core/outbound/guarded-fetch-api";

// better-auth's SSO plugin calls a company's identity provider itself (discovery when a
// configuration lacks endpoints, the token, the user info, the JWKS) with the global `fetch`, and
// offers no fetch option. Its own check resolves the provider's name and the fetch resolves it
// again to connect, so a DNS server that answers a public address first and a loopback one next
// (rebinding) would have the server call inside its own network. While better-auth runs one of the
// SSO endpoints, the global fetch is therefore our guarded one (src/server/core/outbound): one
// lookup, checked and then connected to, public addresses only, no redirect followed, 10 s, a
// bounded answer. Every other caller of the global fetch is left as it was.

const GUARDED = Symbol.for("sentinel.ssoGuardedFetch");
/** A discovery document or a JWKS is a few kilobytes; a megabyte leaves room without filling memory. */
const SSO_ANSWER_BYTES = 1024 * 1024;

/** One of the SSO plugin's endpoints (their paths all start so). */
export const isSsoEndpointPath = (path: string | undefined): boolean => !!path && (path.startsWith("/sso/") || path === "/sign-in/sso");

/** Whether this call runs inside one of the SSO plugin's endpoints. */
function insideSsoEndpoint(): boolean {
  const context = tryGetCurrentAuthEndpointContext() as { path?: unknown } | undefined;
  return isSsoEndpointPath(typeof context?.path === "string" ? context.path : undefined);
}

type MarkedFetch = typeof fetch & { [GUARDED]?: true };

/**
 * Puts the guard in front of the global fetch, once: called when the plugin is made and again
 * before each of its endpoints runs (whoever replaced the global fetch since, the guard is back).
 */
export function guardSsoOutboundFetches(): void {
  const current = globalThis.fetch as MarkedFetch;
  if (current[GUARDED]) return;
  const guarded = guardedFetchApi({ maxResponseBytes: SSO_ANSWER_BYTES });
  const fetchThroughGuard = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
    insideSsoEndpoint() ? guarded(input, init) : current(input, init);
  globalThis.fetch = Object.assign(fetchThroughGuard, { [GUARDED]: true as const }) as unknown as typeof fetch;
}
