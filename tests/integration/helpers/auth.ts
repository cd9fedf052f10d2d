// Signing in for tests: through the real better-auth handler (signIn, for the tests of signing in),
// or a session made directly (sessionCookie, for every other test: no password is hashed).
import { createHmac } from "node:crypto";
import { getDb } from "@/server/core/db/client";
import type { SecondFactorMethod } from "@/features/identity/server/schema";
import { findUserByEmail, getAuth } from "@/features/identity/server";
import { recordSecondFactor } from "@/features/identity/server/second-factor/second-factor";

export const APP_ORIGIN = "http://localhost:3000";
let ipCounter = 0;

/** A distinct client address per call, so rate limits of one test do not leak into another. */
export function nextTestIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export async function signIn(email: string, password: string, opts: { rememberMe?: boolean; ip?: string; cookie?: string } = {}) {
  const response = await getAuth().handler(
    new Request(`${APP_ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: APP_ORIGIN,
        "x-forwarded-for": opts.ip ?? nextTestIp(),
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
      },
      body: JSON.stringify({ email, password, rememberMe: opts.rememberMe ?? true }),
    }),
  );
  const setCookies = response.headers.getSetCookie();
  const cookie = setCookies.map((c) => c.split(";")[0]).join("; ");
  return { response, cookie, setCookies };
}

/**
 * The session cookie's value for a session token, signed as better-auth signs it: the token, a dot
 * and the HMAC-SHA256 of the token keyed with the auth secret, in base64, URL-encoded.
 */
export async function signedSessionToken(token: string): Promise<string> {
  const { secret } = await getAuth().$context;
  return encodeURIComponent(`${token}.${createHmac("sha256", secret).update(token).digest("base64")}`);
}

/**
 * A Cookie header for a new session of the user with this email, made without signing in:
 * better-auth's own session store writes the row (as a sign-in would, with a remembered 7-day
 * expiry) and the cookie is signed as better-auth signs it. `secondFactor` is the factor the
 * session records as passed; without one it is a password-only session, which for a user with
 * two-factor on counts as signed out (docs/PRODUCT.md#sign-in-two-factor). None of a sign-in's
 * side effects happen (password check, limits, last sign-in stamp, new-browser mail): tests of
 * those sign in with signIn().
 */
export async function sessionCookie(email: string, opts: { secondFactor?: SecondFactorMethod; ip?: string } = {}): Promise<string> {
  const db = getDb();
  const found = await findUserByEmail(db, email);
  if (!found) throw new Error(`sessionCookie: no user ${email}`);
  const ctx = await getAuth().$context;
  const made = await ctx.internalAdapter.createSession(found.id, false, { ipAddress: opts.ip ?? nextTestIp() });
  if (opts.secondFactor) await recordSecondFactor(db, made.token, opts.secondFactor);
  return `${ctx.authCookies.sessionToken.name}=${await signedSessionToken(made.token)}`;
}

/** Request headers carrying a session cookie (and the Origin better-auth requires on POSTs). */
export function authHeaders(cookie: string, extra: Record<string, string> = {}): Headers {
  return new Headers({ cookie, origin: APP_ORIGIN, "x-forwarded-for": nextTestIp(), ...extra });
}
