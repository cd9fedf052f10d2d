import "server-only";
import { isAPIError } from "better-auth/api";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { account } from "../schema";
import { demoMarkOf } from "@/server/core/demo-services";
import { AppError } from "@/server/core/errors";
import { SSO_STEP_UP_MARK, type SsoRoute } from "@/lib/domain/sso";
import { clientIp, hitRateLimit } from "@/server/core/rate-limit";
import { AUTH_MESSAGES } from "@/features/identity/validation/sign-in";
import { getAuth } from "../auth";
import { identityPorts } from "../ports";
import { issueSsoFlow, SSO_FLOW_COOKIE, ssoFlowCookieOptions } from "./flow-cookie";
import { samlRequestIdOf, storeSamlFlow, withForceAuthn } from "./saml-flow";

/** Where the login page sends a person after the provider, and where a refusal lands (`?error=`). */
export const SSO_SIGNED_IN_PATH = "/client-portal";
export const SSO_ERROR_PATH = "/client-login";
/** An owner's test comes back to the portal's settings, its verdict in `?error=` (the plugin's words). */
export const SSO_TEST_RETURN_PATH = "/client-portal?section=settings&tab=sso";

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
  const row = await (await identityPorts()).sso.companyOfDomain(db, domain);
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

type FlowPurpose = Parameters<typeof issueSsoFlow>[1];

async function startFlow(
  db: DbOrTx,
  providerId: string,
  clientId: string,
  purpose: FlowPurpose,
  loginHint: string | undefined,
  headers: Headers,
  returnTo?: string,
): Promise<StartedSsoFlow> {
  // A demo provider whose demo service is not running (DEMO_SERVICES=off) is not tried: its stored
  // addresses are a host that never resolves, which the browser would be sent to.
  const issuer = await (await identityPorts()).sso.issuerOf(db, providerId);
  if (demoMarkOf(issuer) === "absent") throw new AppError("bad_gateway", SSO_PROVIDER_UNUSABLE);
  const { flow, value } = issueSsoFlow(clientId, purpose);
  const back = returnTo ?? (flow.testUserId ? SSO_TEST_RETURN_PATH : null);
  // better-auth keeps the state and the PKCE verifier (its `state` cookie goes out through
  // nextCookies). The plugin sends no nonce and refuses one among its extra parameters, so ours is
  // added to the URL it made; the resolver checks the ID token carries it back.
  let started: { url: string };
  try {
    started = await getAuth().api.signInSSO({
      body: {
        providerId,
        callbackURL: back ?? SSO_SIGNED_IN_PATH,
        errorCallbackURL: back ?? SSO_ERROR_PATH,
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
  const cookie = { name: SSO_FLOW_COOKIE, value, options: ssoFlowCookieOptions(flow.expiresAt) };
  const requestId = samlRequestIdOf(new URL(started.url));
  if (requestId) {
    // SAML: the response comes back by a cross-site POST; the flow is kept on the server, and the
    // browser's SameSite=None cookie proves the post comes from the browser that started it.
    await storeSamlFlow(db, requestId, flow, value);
    const url = flow.stepUp ? withForceAuthn(new URL(started.url)) : new URL(started.url);
    return { url: url.toString(), flowCookie: { ...cookie, options: ssoFlowCookieOptions(flow.expiresAt, "saml") } };
  }
  const url = new URL(started.url);
  url.searchParams.set("nonce", flow.nonce);
  if (flow.stepUp) {
    // A step-up is a sign-in made now, whatever session the person has at the provider: the ID
    // token's auth_time is checked against the flow's start (resolve-user.ts).
    url.searchParams.set("prompt", "login");
    url.searchParams.set("max_age", "0");
  }
  return { url: url.toString(), flowCookie: cookie };
}

/** A person's sign-in through their company's provider, from the login page. */
export async function startSsoSignIn(db: DbOrTx, email: string, headers: Headers): Promise<StartedSsoFlow> {
  const found = await ssoCompanyOfEmail(db, email);
  if (!found) throw new AppError("bad_request", SSO_NOT_AVAILABLE);
  return startFlow(db, found.providerId, found.clientId, null, email.trim().toLowerCase(), headers);
}

/** An owner's test of the company's provider (required before single sign-on can be switched on). */
export async function startSsoTest(db: DbOrTx, actor: { clientId: string; userId: string }, headers: Headers): Promise<StartedSsoFlow> {
  const providerId = await (await identityPorts()).sso.providerOf(db, actor.clientId);
  if (!providerId) throw new AppError("bad_request", "Set up your identity provider first.");
  return startFlow(db, providerId, actor.clientId, { testUserId: actor.userId }, undefined, headers);
}

export const SSO_STEP_UP_UNAVAILABLE = "You did not sign in through your company's identity provider: confirm it is you another way.";

/** Where a step-up may come back to: a page of the portal (never another site), without an earlier verdict. */
export function ssoStepUpReturnPath(path: string): string {
  const base = "http://portal.invalid";
  let url = new URL(SSO_SIGNED_IN_PATH, base);
  if (path.startsWith("/") && !path.startsWith("//") && !path.includes("\\")) {
    const asked = new URL(path, base);
    if (asked.origin === base && /^\/client-portal(\/|$)/.test(asked.pathname)) url = asked;
  }
  url.searchParams.delete("error");
  url.searchParams.delete("error_description");
  // The page tells the step-up's verdict from an owner's test by this mark (SsoStepUpVerdict).
  url.searchParams.set(SSO_STEP_UP_MARK.name, SSO_STEP_UP_MARK.value);
  return `${url.pathname}${url.search}`;
}

/**
 * A signed-in person's fresh sign-in at their company's provider, for a step-up
 * (docs/PRODUCT.md#single-sign-on): only for a session made there, at the provider the person is
 * linked to; the result comes back to `returnTo` as `?error=sso_step_up_passed` or a refusal.
 */
export async function startSsoStepUp(
  db: DbOrTx,
  actor: { clientId: string; userId: string; sessionId: string; email: string; viaSso: boolean },
  returnTo: string,
  headers: Headers,
): Promise<StartedSsoFlow> {
  if (!actor.viaSso) throw new AppError("bad_request", SSO_STEP_UP_UNAVAILABLE);
  const { providerIdsSql } = (await identityPorts()).sso;
  const [provider] = await db
    .select({ providerId: account.providerId })
    .from(account)
    .where(and(eq(account.userId, actor.userId), sql`${account.providerId} in ${providerIdsSql(sql`${actor.clientId}`)}`))
    .limit(1);
  if (!provider) throw new AppError("bad_request", SSO_STEP_UP_UNAVAILABLE);
  const stepUp = { userId: actor.userId, sessionId: actor.sessionId };
  return startFlow(db, provider.providerId, actor.clientId, { stepUp }, actor.email, headers, ssoStepUpReturnPath(returnTo));
}
