import "server-only";
import { NOTIFICATION_CATEGORY_INFO } from "@/lib/domain/notification-category";
import type { DbOrTx } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import { disableNotificationCategory } from "./preferences";
import { verifyUnsubscribeToken } from "./unsubscribe-token";

export const UNSUBSCRIBE_INVALID =
  "This unsubscribe link is not valid. Copy the whole link from the mail, or change your notifications in your account's Settings.";
export const UNSUBSCRIBE_EXPIRED =
  "This unsubscribe link has expired. Use the link in a newer mail, or change your notifications in your account's Settings.";

/** What the unsubscribe page shows for a link, before anything is changed. */
export function describeUnsubscribeLink(token: string): { ok: true; label: string } | { ok: false; message: string } {
  const check = verifyUnsubscribeToken(token);
  if (!check.ok) return { ok: false, message: check.reason === "expired" ? UNSUBSCRIBE_EXPIRED : UNSUBSCRIBE_INVALID };
  return { ok: true, label: NOTIFICATION_CATEGORY_INFO[check.category].label };
}

/** The link's signature and expiry, checked before any query; a refusal is a 400 with the reason. */
export function checkUnsubscribeToken(token: string) {
  const check = verifyUnsubscribeToken(token);
  if (!check.ok) throw new AppError("bad_request", check.reason === "expired" ? UNSUBSCRIBE_EXPIRED : UNSUBSCRIBE_INVALID);
  return check;
}

/** Turns the link's category off, signed out (RFC 8058 one-click, or the page's button). */
export async function unsubscribeWithToken(db: DbOrTx, token: string): Promise<{ category: string; label: string }> {
  const check = checkUnsubscribeToken(token);
  // A deleted user's link answers like a forged one.
  if (!(await disableNotificationCategory(db, check))) throw new AppError("bad_request", UNSUBSCRIBE_INVALID);
  return { category: check.category, label: NOTIFICATION_CATEGORY_INFO[check.category].label };
}
