import "server-only";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { authSecret, serverEnv } from "@/server/core/env";

/**
 * OWASP's device cookie (“Slow down online guessing attacks with device cookies”): after a
 * successful sign-in the browser gets a signed cookie binding the account and a random nonce. A
 * browser presenting a valid one for the account it signs in to is counted on its own (per-device
 * limit) instead of on the account's shared limit, so strangers guessing a password can exhaust
 * only the unknown-browsers budget, never lock the owner out.
 */
export const DEVICE_COOKIE = "sentinel_device";
export const DEVICE_COOKIE_DAYS = 365;
const VERSION = "v1";

// A key of its own, derived from AUTH_SECRET: a device cookie signature can never be replayed as
// any other signature the app makes with the secret.
const key = () => createHmac("sha256", authSecret()).update("sentinel device cookie v1").digest();

/** The account part of a cookie: a digest of the normalized email (the cookie shows no address). */
export function accountDigest(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
}

function sign(payload: string): string {
  return createHmac("sha256", key()).update(payload).digest("base64url");
}

/** A new cookie value for the account: `v1.<account digest>.<nonce>.<signature>`. */
export function issueDeviceCookie(email: string): string {
  const payload = `${VERSION}.${accountDigest(email)}.${randomBytes(18).toString("base64url")}`;
  return `${payload}.${sign(payload)}`;
}

/** The cookie's nonce when it is genuine and belongs to this account, else null. */
export function verifyDeviceCookie(value: string | null | undefined, email: string): string | null {
  if (!value || value.length > 200) return null;
  const parts = value.split(".");
  if (parts.length !== 4 || parts[0] !== VERSION) return null;
  const [version, account, nonce, signature] = parts as [string, string, string, string];
  const expected = Buffer.from(sign(`${version}.${account}.${nonce}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return account === accountDigest(email) ? nonce : null;
}

/** The device cookie's value from a Cookie request header. */
export function deviceCookieFrom(headers: Headers | undefined): string | null {
  for (const pair of headers?.get("cookie")?.split(";") ?? []) {
    const [name, ...rest] = pair.trim().split("=");
    if (name === DEVICE_COOKIE) return rest.join("=");
  }
  return null;
}

export function deviceCookieOptions() {
  return {
    httpOnly: true,
    secure: serverEnv().appUrl.startsWith("https://"),
    sameSite: "lax" as const,
    path: "/",
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  };
}
