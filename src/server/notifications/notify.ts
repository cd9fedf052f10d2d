import "server-only";
import { and, eq } from "drizzle-orm";
import { siteConfig } from "@/config/site";
import { NOTIFICATION_CATEGORY_INFO, type NotificationCategory } from "@/lib/domain/notification-category";
import type { DbOrTx } from "../db/client";
import { clients, user } from "../db/schema";
import { serverEnv } from "../env";
import { enqueueNotificationEmail } from "../integrations/email/outbox";
import { renderNotification, type NotificationContent } from "./mail-layout";
import { recipientSettings } from "./preferences";
import { createUnsubscribeToken, oneClickUnsubscribeUrl, unsubscribePageUrl } from "./unsubscribe-token";

export type NotificationEvent = {
  /** Names the event once and for all ("document:<id>"); the recipient's id is appended. */
  key: string;
  category: NotificationCategory;
  /** The outbox kind, e.g. "notify_document". */
  kind: string;
  content: NotificationContent;
};

export const preferencesUrl = (audience: "client" | "admin") =>
  audience === "admin" ? `${serverEnv().appUrl}/admin/account` : `${serverEnv().appUrl}/client-portal?section=settings`;

export const appLink = (path: string) => `${serverEnv().appUrl}${path}`;

/**
 * Queues the event's mail for each user whose preferences allow it: one outbox row per event and
 * recipient (unique key), held for the daily summary when the user asked for one. Runs in the
 * caller's transaction, so the mail exists exactly when the change does. Returns the users queued for.
 */
export async function notifyUsers(db: DbOrTx, userIds: string[], event: NotificationEvent): Promise<string[]> {
  const queued: string[] = [];
  const audience = NOTIFICATION_CATEGORY_INFO[event.category].audience;
  for (const recipient of await recipientSettings(db, [...new Set(userIds)])) {
    if (recipient.disabled.includes(event.category)) continue;
    const token = createUnsubscribeToken(recipient.userId, event.category);
    const label = NOTIFICATION_CATEGORY_INFO[event.category].label;
    const mail = renderNotification(event.content, {
      reason: `You receive this mail because "${label}" notifications are on for ${recipient.email} at ${siteConfig.name}.`,
      unsubscribeUrl: unsubscribePageUrl(token),
      preferencesUrl: preferencesUrl(audience),
    });
    const id = await enqueueNotificationEmail(db, {
      to: recipient.email,
      ...mail,
      kind: event.kind,
      idempotencyKey: `${event.key}:${recipient.userId}`,
      recipientUserId: recipient.userId,
      category: event.category,
      unsubscribeUrl: oneClickUnsubscribeUrl(token),
      held: recipient.delivery === "daily",
    });
    if (id) queued.push(recipient.userId);
  }
  return queued;
}

/** The client's company name and the user who signs in for it (active clients only). */
export async function clientRecipient(db: DbOrTx, clientId: string): Promise<{ userId: string; company: string } | null> {
  const [row] = await db
    .select({ userId: clients.userId, company: clients.company })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.status, "active")));
  return row ?? null;
}

/** Mails the client's user, the content built with its company name. */
export async function notifyClient(
  db: DbOrTx,
  clientId: string,
  event: Omit<NotificationEvent, "content"> & { content: (company: string) => NotificationContent },
): Promise<string[]> {
  const recipient = await clientRecipient(db, clientId);
  if (!recipient) return [];
  return notifyUsers(db, [recipient.userId], { ...event, content: event.content(recipient.company) });
}

export async function notifyAdmins(db: DbOrTx, event: NotificationEvent): Promise<string[]> {
  const admins = await db.select({ id: user.id }).from(user).where(eq(user.role, "admin"));
  return notifyUsers(
    db,
    admins.map((a) => a.id),
    event,
  );
}
