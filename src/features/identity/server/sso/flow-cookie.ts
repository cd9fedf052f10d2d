import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { authSecret, serverEnv } from "@/server/core/env";

/**
 * What a sign-in through a company's identity provider must find again at the callback: the nonce
 * sent in the authorization request (the ID token must carry it back), the company the flow was
 * started for, and, for an owner's test sign-in, who is testing; for a step-up, whose session asks
 * for the fresh proof and since when the sign-in at the provider must be. A signed, httpOnly cookie scoped to
 * better-auth's SSO callback, living as long as the flow may (10 minutes). The plugin keeps the
 * state and the PKCE verifier itself.
 */
export const SSO_FLOW_COOKIE = "sentinel_sso_flow";
export const SSO_FLOW_MINUTES = 10;
const VERSION = "v1";

const key = () => createHmac("sha256", authSecret()).update("sentinel sso flow cookie v1").digest();
const sign = (payload: string) => createHmac("sha256", key()).update(payload).digest("base64url");

export type SsoFlow = {
  nonce: string;
  clientId: string;
  /** The owner running the test sign-in, or null for an ordinary sign-in. */
  testUserId: string | null;
  /** A signed-in person's step-up: their session gets the proof; the provider's auth_time must not be before `since`. */
  stepUp: SsoStepUp | null;
  expiresAt: Date;
};
export type SsoStepUp = { userId: string; sessionId: string; since: Date };

type Purpose = { testUserId: string } | { stepUp: Omit<SsoStepUp, "since"> } | null;

export function issueSsoFlow(clientId: string, purpose: Purpose, now = new Date()): { flow: SsoFlow; value: string } {
  const flow: SsoFlow = {
    nonce: randomBytes(24).toString("base64url"),
    clientId,
    testUserId: purpose && "testUserId" in purpose ? purpose.testUserId : null,
    // Whole seconds, as the ID token's auth_time is.
    stepUp: purpose && "stepUp" in purpose ? { ...purpose.stepUp, since: new Date(Math.floor(now.getTime() / 1000) * 1000) } : null,
    expiresAt: new Date(now.getTime() + SSO_FLOW_MINUTES * 60_000),
  };
  const step = flow.stepUp ? { u: flow.stepUp.userId, s: flow.stepUp.sessionId, a: flow.stepUp.since.getTime() / 1000 } : {};
  const body = Buffer.from(
    JSON.stringify({ n: flow.nonce, c: flow.clientId, t: flow.testUserId, ...step, e: Math.floor(flow.expiresAt.getTime() / 1000) }),
  ).toString("base64url");
  const payload = `${VERSION}.${body}`;
  return { flow, value: `${payload}.${sign(payload)}` };
}

export function verifySsoFlow(value: string | null | undefined, now = new Date()): SsoFlow | null {
  if (!value || value.length > 1000) return null;
  const [version, body, signature] = value.split(".");
  if (version !== VERSION || !body || !signature) return null;
  const expected = Buffer.from(sign(`${version}.${body}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const raw = JSON.parse(Buffer.from(body, "base64url").toString()) as Record<string, unknown>;
    if (typeof raw.n !== "string" || typeof raw.c !== "string" || typeof raw.e !== "number") return null;
    const expiresAt = new Date(raw.e * 1000);
    if (expiresAt <= now) return null;
    const stepUp =
      typeof raw.u === "string" && typeof raw.s === "string" && typeof raw.a === "number"
        ? { userId: raw.u, sessionId: raw.s, since: new Date(raw.a * 1000) }
        : null;
    return { nonce: raw.n, clientId: raw.c, testUserId: typeof raw.t === "string" ? raw.t : null, stepUp, expiresAt };
  } catch {
    return null;
  }
}

export function ssoFlowCookieOptions(expiresAt: Date, protocol: "oidc" | "saml" = "oidc") {
  return {
    httpOnly: true,
    // A SAML provider's answer is a form posted from its own site: only a SameSite=None cookie goes
    // with that POST, and browsers keep such a cookie only when it is Secure (https, or localhost).
    secure: protocol === "saml" || serverEnv().appUrl.startsWith("https://"),
    // The OpenID Connect callback is a top-level GET from the provider's page: Lax cookies go with it.
    sameSite: protocol === "saml" ? ("none" as const) : ("lax" as const),
    path: "/api/auth/sso",
    expires: expiresAt,
  };
}

/** The flow named by the request's cookie, when genuine and current. */
export function ssoFlowOf(headers: Headers | undefined): SsoFlow | null {
  for (const pair of headers?.get("cookie")?.split(";") ?? []) {
    const [name, ...rest] = pair.trim().split("=");
    if (name === SSO_FLOW_COOKIE) return verifySsoFlow(decodeURIComponent(rest.join("=")));
  }
  return null;
}
