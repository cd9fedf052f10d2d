import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from "@/lib/domain/notification-category";
import { authSecret, serverEnv } from "@/server/core/env";

// Long enough for an old mail to still work, short enough that a leaked link does not last for
// ever (docs/PRODUCT.md#notifications).
export const UNSUBSCRIBE_LINK_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;

const key = () => createHmac("sha256", authSecret()).update("sentinel unsubscribe link v1").digest();
const sign = (payload: string) => createHmac("sha256", key()).update(payload).digest("base64url");

/** `<base64url payload>.<HMAC>`; the payload names the user, the category and the expiry. */
export function createUnsubscribeToken(userId: string, category: NotificationCategory, now = new Date()): string {
  const expires = Math.floor((now.getTime() + UNSUBSCRIBE_LINK_DAYS * DAY_MS) / 1000);
  const payload = Buffer.from(`v1:${userId}:${category}:${expires}`, "utf8").toString("base64url");
  return `${payload}.${sign(payload)}`;
}

export type UnsubscribeTokenCheck =
  { ok: true; userId: string; category: NotificationCategory } | { ok: false; reason: "invalid" | "expired" };

export function verifyUnsubscribeToken(token: string, now = new Date()): UnsubscribeTokenCheck {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: "invalid" };
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "invalid" };
  const [version, userId, category, expires] = Buffer.from(payload, "base64url").toString("utf8").split(":");
  if (version !== "v1" || !userId || !(NOTIFICATION_CATEGORIES as readonly string[]).includes(category ?? ""))
    return { ok: false, reason: "invalid" };
  if (!/^\d+$/.test(expires ?? "") || Number(expires) * 1000 < now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, userId, category: category as NotificationCategory };
}

/** The page a person opens from the mail's footer (asks before turning anything off). */
export const unsubscribePageUrl = (token: string) => `${serverEnv().appUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
/** The RFC 8058 one-click address a mail client POSTs to (List-Unsubscribe). */
export const oneClickUnsubscribeUrl = (token: string) =>
  `${serverEnv().appUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
