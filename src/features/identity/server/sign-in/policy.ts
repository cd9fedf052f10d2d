import "server-only";
import { isAPIError } from "better-auth/api";
import { AUTH_MESSAGES } from "@/features/identity/validation/sign-in";
import type { Db } from "@/server/core/db/client";
import { logAdminSignIn } from "./log";
import { findUserByEmail } from "../users";

// One policy for a password sign-in, wherever it comes from: the login forms' actions call
// better-auth's signInEmail, and POST /api/auth/sign-in/email (still served for scripts, the
// benchmarks and the browser tests' setup) reaches the same endpoint. Both run better-auth's hooks,
// so the policy lives there (called from brute-force.ts's hooks, with the limits) and neither way
// escapes it.

type SignInCall = { body: unknown; headers?: Headers; request?: Request };

/** Whether the attempt names an admin account: their cookie and their log differ. */
export async function isAdminAttempt(db: Db, email: string | null): Promise<boolean> {
  return email !== null && (await findUserByEmail(db, email))?.role === "admin";
}

/**
 * The body better-auth goes on with: an admin account gets a browser-session cookie and a one-day
 * session whatever was asked (docs/PRODUCT.md#sign-in-admin-login); anyone else keeps a persistent
 * cookie only when asking for it (Remember me), as the client login form does.
 */
export function withCookiePolicy(body: unknown, admin: boolean): Record<string, unknown> {
  const given = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  return { ...given, rememberMe: !admin && given.rememberMe === true };
}

/**
 * The admin sign-in log of an attempt over HTTP (the login form's action logs its own, with the
 * area's messages): the outcome of better-auth's answer, in the admin login's words.
 */
export function logHttpAdminAttempt(call: SignInCall, email: string, returned: unknown): void {
  if (!call.request) return;
  let refusal: string | null = null;
  if (isAPIError(returned)) {
    refusal = returned.statusCode === 429 ? AUTH_MESSAGES.signInRateLimited : AUTH_MESSAGES.invalidAdminCredentials;
  }
  logAdminSignIn(email, call.headers ?? new Headers(), refusal, "HTTP");
}
