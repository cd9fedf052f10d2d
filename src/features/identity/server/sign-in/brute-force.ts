import "server-only";
import { createHash } from "node:crypto";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { AUTH_MESSAGES } from "@/features/identity/validation/sign-in";
import { rateLimitSubject } from "@/server/core/client-address";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { clearRateLimit, clientIp, hitRateLimit, type RateRule } from "@/server/core/rate-limit";
import { DEVICE_COOKIE, deviceCookieFrom, deviceCookieOptions, issueDeviceCookie, verifyDeviceCookie } from "./device-cookie";
import { noteSignIn } from "./new-browser";
import { PASSKEY_REGISTER_PATH, PASSKEY_SIGN_IN_PATH, notePasskeyAdded, notePasskeySignIn } from "../passkeys/hooks";
import { isAdminAttempt, logHttpAdminAttempt, withCookiePolicy } from "./policy";

/** The code step of a sign-in: a session made here completes a two-factor sign-in. */
const SECOND_STEP_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

/**
 * Brute-force limits, all counted in the database (rate_limit table) so they hold across several
 * app instances. better-auth also limits its HTTP endpoints per IP; the server actions call
 * better-auth directly (no HTTP router, so no limiter there), which is why the IP limits are
 * applied again here, under our own keys.
 */
export const AUTH_LIMITS = {
  signInPerIp: { windowSeconds: 60, max: 10 },
  // Attempts per account from browsers without a device cookie for it (strangers, or the owner on
  // a new browser); a successful sign-in clears the counter.
  signInPerAccount: { windowSeconds: 15 * 60, max: 10 },
  // Attempts per device cookie: a browser the account signed in from before gets its own budget,
  // which strangers cannot spend (see device-cookie.ts).
  signInPerDevice: { windowSeconds: 15 * 60, max: 10 },
  resetRequestPerIp: { windowSeconds: 60, max: 5 },
  resetRequestPerAccount: { windowSeconds: 15 * 60, max: 3 },
  resetPerIp: { windowSeconds: 60, max: 10 },
} as const satisfies Record<string, RateRule>;

export type LimitScope = "sign-in" | "reset-request" | "reset";

/** The account key stores a hash, not the address: the table should not collect typed emails. */
export function accountLimitKey(scope: LimitScope, email: string): string {
  const digest = createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
  return `auth:${scope}:account:${digest}`;
}

export function deviceLimitKey(nonce: string): string {
  return `auth:sign-in:device:${nonce}`;
}

export function ipLimitKey(scope: LimitScope, ip: string): string {
  return `auth:${scope}:ip:${rateLimitSubject(ip)}`;
}

/** Counts one attempt; false when the attempt is over the limit. */
export async function allowAttempt(db: DbOrTx, key: string, rule: RateRule): Promise<boolean> {
  return (await hitRateLimit(db, key, rule)).allowed;
}

export async function clearAttempts(db: DbOrTx, key: string): Promise<void> {
  await clearRateLimit(db, key);
}

function emailOf(body: unknown): string | null {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  // Oversized values are refused by better-auth's own validation; don't hash megabytes first.
  return typeof email === "string" && email.length <= 320 ? email : null;
}

/**
 * Which budget a sign-in attempt spends: its device cookie's own when the browser presents a
 * genuine one for this account, otherwise the account's budget shared by all unknown browsers.
 */
export function signInLimitFor(email: string, headers: Headers | undefined): { key: string; rule: RateRule } {
  const nonce = verifyDeviceCookie(deviceCookieFrom(headers), email);
  return nonce
    ? { key: deviceLimitKey(nonce), rule: AUTH_LIMITS.signInPerDevice }
    : { key: accountLimitKey("sign-in", email), rule: AUTH_LIMITS.signInPerAccount };
}

/**
 * better-auth hooks holding the sign-in limits (per address, per account, per device) and the
 * sign-in policy (policy.ts: an admin's browser-session cookie, the admin sign-in log of
 * attempts over HTTP), and issuing the device cookie after a successful sign-in. Hooks run for HTTP calls (/api/auth/sign-in/email) and for
 * direct auth.api calls (our server actions, where the nextCookies plugin, which runs after these
 * hooks, hands the cookie to the browser) alike, so no entry point skips them.
 */
export function accountLimitHooks(db: Db) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== "/sign-in/email") return;
      const email = emailOf(ctx.body);
      const admin = await isAdminAttempt(db, email);
      const tooMany = () => {
        if (admin) logHttpAdminAttempt(ctx, email!, new APIError("TOO_MANY_REQUESTS"));
        return new APIError("TOO_MANY_REQUESTS", { message: AUTH_MESSAGES.signInRateLimited, code: "TOO_MANY_ATTEMPTS" });
      };
      // Per address first (the action's code step spends the same budget), then per account or device.
      if (!(await allowAttempt(db, ipLimitKey("sign-in", clientIp(ctx.headers ?? new Headers())), AUTH_LIMITS.signInPerIp)))
        throw tooMany();
      if (email) {
        const { key, rule } = signInLimitFor(email, ctx.headers);
        if (!(await allowAttempt(db, key, rule))) throw tooMany();
      }
      return { context: { body: withCookiePolicy(ctx.body, admin) } };
    }),
    after: createAuthMiddleware(async (ctx) => {
      if (ctx.path === "/sign-in/email") {
        const email = emailOf(ctx.body);
        if (email && (await isAdminAttempt(db, email))) logHttpAdminAttempt(ctx, email, ctx.context.returned);
      }
      if (isAPIError(ctx.context.returned)) return;
      const made = ctx.context.newSession;
      if (ctx.path === "/sign-in/email") {
        const email = emailOf(ctx.body);
        if (!email) return;
        await clearAttempts(db, signInLimitFor(email, ctx.headers).key);
        // With two-factor on, the password alone signs nobody in (this hook runs before the
        // plugin's, which turns the session into a pending sign-in): the browser becomes known
        // at the code step. A trusted device skips the code, and is known already.
        if (made?.user.twoFactorEnabled) return;
      } else if (ctx.path === PASSKEY_REGISTER_PATH) {
        const added = ctx.context.returned as { id?: unknown; userId?: unknown; name?: unknown } | undefined;
        if (typeof added?.id === "string" && typeof added.userId === "string") {
          await notePasskeyAdded(db, {
            userId: added.userId,
            passkeyId: added.id,
            name: typeof added.name === "string" ? added.name : null,
            headers: ctx.headers,
          });
        }
        return;
      } else if (ctx.path === PASSKEY_SIGN_IN_PATH) {
        if (!made) return;
        const credentialId = (ctx.body as { response?: { id?: unknown } } | undefined)?.response?.id;
        await notePasskeySignIn(db, { userId: made.user.id, sessionToken: made.session.token, credentialId });
      } else if (!SECOND_STEP_PATHS.has(ctx.path)) return;
      if (!made) return;
      // Known means this browser holds a device cookie of this account from an earlier sign-in.
      const knownBrowser = verifyDeviceCookie(deviceCookieFrom(ctx.headers), made.user.email) !== null;
      await noteSignIn(db, {
        user: made.user as { id: string; email: string; role?: string | null },
        session: made.session,
        knownBrowser,
        method: ctx.path === PASSKEY_SIGN_IN_PATH ? "passkey" : "password",
      });
      // A fresh cookie on every success: the browser is now known for this account.
      ctx.setCookie(DEVICE_COOKIE, issueDeviceCookie(made.user.email), deviceCookieOptions());
    }),
  };
}
