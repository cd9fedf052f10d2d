import "server-only";
import { isAPIError } from "better-auth/api";
import { and, eq, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { clients, ssoDomains, ssoProvider, ssoSettings } from "@/server/core/db/schema";
import { AppError } from "@/server/core/errors";
import type { SsoRoute } from "@/lib/domain/sso";
import { clientIp, hitRateLimit } from "@/server/core/rate-limit";
import { AUTH_MESSAGES } from "@/features/identity/validation/sign-in";
import { getAuth } from "../auth";
import { issueSsoFlow, SSO_FLOW_COOKIE, ssoFlowCookieOptions } from "./flow-cookie";

/** Where the login page sends a person after the provider, and where a refusal lands (`?error=`). */
export const SSO_SIGNED_IN_PATH = "/client-portal";
export const SSO_ERROR_PATH = "/client-login";
/** An owner's test comes back to the portal's settings, its verdict in `?error=` (the plugin's words). */
export const SSO_TEST_RETURN_PATH = "/client-portal?section=settings";

export const SSO_NOT_AVAILABLE = "Single sign-on is not available for this address.";
export const SSO_PROVIDER_UNUSABLE = "The identity provider cannot be reached from here: check its issuer URL, or try again later.";

const domainOf = (email: string) =>
  email
    .trim()
    .toLowerCase()
    .slice(email.trim().lastIndexOf("@") + 1);

/** The company (on) whose verified domain this address is, with its provider. */
async function ssoCompanyOfEmail(db: DbOrTx, email: string) {
  const domain = domainOf(email);
  if (!domain) return null;
  const [row] = await db
    .select({ clientId: ssoDomains.clientId, mode: ssoSettings.mode, providerId: ssoProvider.providerId })
    .from(ssoDomains)
    .innerJoin(clients, and(eq(clients.id, ssoDomains.clientId), eq(clients.status, "active")))
    .innerJoin(ssoSettings, eq(ssoSettings.clientId, ssoDomains.clientId))
    .innerJoin(ssoProvider, eq(ssoProvider.clientId, ssoDomains.clientId))
    .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)))
    .limit(1);
  return row && row.mode !== "off" ? row : null;
}

/** The login's address step asks as the person types: 30 a minute per address is more than a person needs. */
export async function limitSsoLookups(db: DbOrTx, headers: Headers): Promise<void> {
  const { allowed, retryAfterSeconds } = await hitRateLimit(db, `sso-route:${clientIp(headers)}`, { windowSeconds: 60, max: 30 });
  if (!allowed)
    throw new AppError("rate_limited", AUTH_MESSAGES.signInRateLimited, { headers: { "Retry-After": String(retryAfterSeconds) } });
}

/** How the login form treats an address (a domain's policy, never whether the account exists). */
export async function ssoRouteFor(db: DbOrTx, email: string): Promise<SsoRoute> {
  const found = await ssoCompanyOfEmail(db, email);
  return found ? { kind: "sso", required: found.mode === "required" } : { kind: "password" };
}

export type StartedSsoFlow = { url: string; flowCookie: { name: string; value: string; options: ReturnType<typeof ssoFlowCookieOptions> } };

async function startFlow(
  providerId: string,
  clientId: string,
  testUserId: string | null,
  loginHint: string | undefined,
  headers: Headers,
): Promise<StartedSsoFlow> {
  const { flow, value } = issueSsoFlow(clientId, testUserId);
  const target = testUserId ? SSO_TEST_RETURN_PATH : SSO_SIGNED_IN_PATH;
  // better-auth keeps the state and the PKCE verifier (its `state` cookie goes out through
  // nextCookies). The plugin sends no nonce and refuses one among its extra parameters, so ours is
  // added to the URL it made; the resolver checks the ID token carries it back.
  let started: { url: string };
  try {
    started = await getAuth().api.signInSSO({
      body: {
        providerId,
        callbackURL: target,
        errorCallbackURL: testUserId ? SSO_TEST_RETURN_PATH : SSO_ERROR_PATH,
        ...(loginHint ? { loginHint } : {}),
      },
      headers,
    });
  } catch (error) {
    // The plugin refuses a provider whose stored addresses it may not call (no longer public, say).
    if (!isAPIError(error)) throw error;
    console.warn(`[sso] ${providerId}: the flow could not start: ${error.message}`);
    throw new AppError("bad_gateway", SSO_PROVIDER_UNUSABLE);
  }
  const url = new URL(started.url);
  url.searchParams.set("nonce", flow.nonce);
  return { url: url.toString(), flowCookie: { name: SSO_FLOW_COOKIE, value, options: ssoFlowCookieOptions(flow.expiresAt) } };
}

/** A person's sign-in through their company's provider, from the login page. */
export async function startSsoSignIn(db: DbOrTx, email: string, headers: Headers): Promise<StartedSsoFlow> {
  const found = await ssoCompanyOfEmail(db, email);
  if (!found) throw new AppError("bad_request", SSO_NOT_AVAILABLE);
  return startFlow(found.providerId, found.clientId, null, email.trim().toLowerCase(), headers);
}

/** An owner's test of the company's provider (required before single sign-on can be switched on). */
export async function startSsoTest(db: DbOrTx, actor: { clientId: string; userId: string }, headers: Headers): Promise<StartedSsoFlow> {
  const [provider] = await db
    .select({ providerId: ssoProvider.providerId })
    .from(ssoProvider)
    .where(eq(ssoProvider.clientId, actor.clientId))
    .limit(1);
  if (!provider) throw new AppError("bad_request", "Set up your identity provider first.");
  return startFlow(provider.providerId, actor.clientId, actor.userId, undefined, headers);
}
