import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret, serverEnv } from "@/server/core/env";

/**
 * An admin's read-only view of one client's portal (docs/PRODUCT.md#admin-view-as-client): a
 * signed, httpOnly, short-lived cookie naming the admin and the client. It is no session: it
 * counts only together with that admin's own session, and no client session is ever created.
 * While it is valid every client write is refused by the shared guards (requireClient).
 */
export const VIEW_AS_COOKIE = "sentinel_view_as";
export const VIEW_AS_MINUTES = 30;
const VERSION = "v1";

// A key of its own, derived from AUTH_SECRET, so this signature can stand for nothing else.
const key = () => createHmac("sha256", authSecret()).update("sentinel view-as cookie v1").digest();
const sign = (payload: string) => createHmac("sha256", key()).update(payload).digest("base64url");

export type ViewAs = { adminUserId: string; clientId: string; expiresAt: Date };

/** `v1.<admin user id, base64url>.<client id>.<expiry, unix seconds>.<signature>` */
export function issueViewAsCookie(adminUserId: string, clientId: string, now: Date = new Date()): { value: string; expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + VIEW_AS_MINUTES * 60_000);
  const payload = `${VERSION}.${Buffer.from(adminUserId).toString("base64url")}.${clientId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return { value: `${payload}.${sign(payload)}`, expiresAt };
}

/** The view a cookie value grants, when genuine and not expired, else null. */
export function verifyViewAsCookie(value: string | null | undefined, now: Date = new Date()): ViewAs | null {
  if (!value || value.length > 400) return null;
  const parts = value.split(".");
  if (parts.length !== 5 || parts[0] !== VERSION) return null;
  const [version, admin, clientId, exp, signature] = parts as [string, string, string, string, string];
  const expected = Buffer.from(sign(`${version}.${admin}.${clientId}.${exp}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const expiresAt = new Date(Number(exp) * 1000);
  if (!Number.isFinite(expiresAt.getTime()) || expiresAt <= now) return null;
  return { adminUserId: Buffer.from(admin, "base64url").toString(), clientId, expiresAt };
}

/** The view of the request's cookie, if it belongs to this admin (another admin's cookie is nothing). */
export function viewAsOf(headers: Headers, adminUserId: string): ViewAs | null {
  for (const pair of headers.get("cookie")?.split(";") ?? []) {
    const [name, ...rest] = pair.trim().split("=");
    if (name !== VIEW_AS_COOKIE) continue;
    const view = verifyViewAsCookie(decodeURIComponent(rest.join("=")));
    return view && view.adminUserId === adminUserId ? view : null;
  }
  return null;
}

export function viewAsCookieOptions(expiresAt: Date) {
  return {
    httpOnly: true,
    secure: serverEnv().appUrl.startsWith("https://"),
    sameSite: "lax" as const,
    path: "/",
    expires: expiresAt,
  };
}
