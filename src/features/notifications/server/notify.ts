import "server-only";
import { siteConfig } from "@/config/site";
import { NOTIFICATION_CATEGORY_INFO, type NotificationCategory } from "@/lib/domain/notification-category";
import type { DbOrTx } from "@/server/core/db/client";
import { companyPeople } from "@/features/clients/server";
import { serverEnv } from "@/server/core/env";
import { enqueueNotificationEmails, type QueuedNotification } from "@/server/core/mail/outbox";
import { renderNotification, type NotificationContent } from "./mail-layout";
import { recipientSettings, type RecipientSettings } from "./preferences";
import { createUnsubscribeToken, oneClickUnsubscribeUrl, unsubscribePageUrl } from "./unsubscribe-token";
import { adminUserIds } from "@/features/identity/server";

export type NotificationEvent = {
  /** Names the event once and for all ("document:<id>"); the recipient's id is appended. */
  key: string;
  category: NotificationCategory;
  /** The outbox kind, e.g. "notify_document". */
  kind: string;
  content: NotificationContent;
};

export const preferencesUrl = (audience: "client" | "admin") =>
  audience === "admin"
    ? `${serverEnv().appUrl}/admin/account?tab=notifications`
    : `${serverEnv().appUrl}/client-portal?section=settings&tab=notifications`;

export const appLink = (path: string) => `${serverEnv().appUrl}${path}`;

/**
 * Queues the event's mail for each user whose preferences allow it: one outbox row per event and
 * recipient (unique key), held for the daily summary when the user asked for one. Runs in the
 * caller's transaction, so the mail exists exactly when the change does. The event may depend on the
 * recipient (a message mail with or without its text). Returns the outbox rows queued.
 */
export async function notifyUsers(
  db: DbOrTx,
  userIds: string[],
  event: NotificationEvent | ((recipient: RecipientSettings) => NotificationEvent),
): Promise<string[]> {
  const recipients = await recipientSettings(db, [...new Set(userIds)]);
  return queueFor(
    db,
    recipients.map((recipient) => ({ recipient, event: typeof event === "function" ? event(recipient) : event })),
  );
}

/**
 * Renders and stores one row per (recipient, event) the preferences allow, in one statement per
 * chunk. A chunk's mails are rendered together: React's renderer waits between its steps, and one
 * sync may announce thousands of invoices.
 */
async function queueFor(db: DbOrTx, items: { recipient: RecipientSettings; event: NotificationEvent }[]): Promise<string[]> {
  const wanted = items.filter(({ recipient, event }) => !recipient.disabled.includes(event.category));
  const queued: string[] = [];
  for (let i = 0; i < wanted.length; i += 200) {
    const rows = await Promise.all(wanted.slice(i, i + 200).map(({ recipient, event }) => notificationRow(recipient, event)));
    queued.push(...(await enqueueNotificationEmails(db, rows)));
  }
  return queued;
}

async function notificationRow(recipient: RecipientSettings, event: NotificationEvent): Promise<QueuedNotification> {
  const audience = NOTIFICATION_CATEGORY_INFO[event.category].audience;
  const token = createUnsubscribeToken(recipient.userId, event.category);
  const label = NOTIFICATION_CATEGORY_INFO[event.category].label;
  const mail = await renderNotification(event.content, {
    reason: `You receive this mail because "${label}" notifications are on for ${recipient.email} at ${siteConfig.name}.`,
    unsubscribeUrl: unsubscribePageUrl(token),
    preferencesUrl: preferencesUrl(audience),
  });
  return {
    to: recipient.email,
    ...mail,
    kind: event.kind,
    idempotencyKey: `${event.key}:${recipient.userId}`,
    recipientUserId: recipient.userId,
    category: event.category,
    unsubscribeUrl: oneClickUnsubscribeUrl(token),
    held: recipient.delivery === "daily",
  };
}

const mayReceive = (person: { billingWithheld: boolean; findingsWithheld: boolean }, category: NotificationCategory) =>
  !(person.billingWithheld && category === "invoices") && !(person.findingsWithheld && category === "findings");

/**
 * Many client events at once (a sync announcing its new invoices): the recipients are read in two
 * queries and the mails stored in a few statements, whatever the number of events.
 */
export async function notifyClientsBulk(
  db: DbOrTx,
  events: { clientId: string; event: Omit<NotificationEvent, "content"> & { content: (company: string) => NotificationContent } }[],
): Promise<number> {
  if (events.length === 0) return 0;
  const people = await companyPeople(db, [...new Set(events.map((e) => e.clientId))]);
  const settings = new Map(
    (
      await recipientSettings(
        db,
        people.map((p) => p.userId),
      )
    ).map((r) => [r.userId, r]),
  );
  const items = events.flatMap(({ clientId, event }) =>
    people.flatMap((person) => {
      const recipient = person.clientId === clientId && mayReceive(person, event.category) ? settings.get(person.userId) : undefined;
      return recipient ? [{ recipient, event: { ...event, content: event.content(person.company) } }] : [];
    }),
  );
  return (await queueFor(db, items)).length;
}

/** The client's company name and the users who get its mails (active people of an active company). */
export async function clientRecipients(
  db: DbOrTx,
  clientId: string,
  category?: NotificationCategory,
): Promise<{ userIds: string[]; company: string } | null> {
  const people = (await companyPeople(db, [clientId])).filter((p) => !category || mayReceive(p, category));
  if (people.length === 0) return null;
  return { userIds: people.map((p) => p.userId), company: people[0]!.company };
}

/** Mails the client's people, the content built with its company name. */
export async function notifyClient(
  db: DbOrTx,
  clientId: string,
  event: Omit<NotificationEvent, "content"> & { content: (company: string) => NotificationContent },
): Promise<string[]> {
  const recipients = await clientRecipients(db, clientId, event.category);
  if (!recipients) return [];
  return notifyUsers(db, recipients.userIds, { ...event, content: event.content(recipients.company) });
}

export async function notifyAdmins(db: DbOrTx, event: NotificationEvent): Promise<string[]> {
  return notifyUsers(db, await adminUserIds(db), event);
}

/** Mails the company's active owners only (its API tokens and webhooks are theirs: docs/PRODUCT.md#api-and-webhooks). */
export async function notifyClientOwners(
  db: DbOrTx,
  clientId: string,
  event: Omit<NotificationEvent, "content"> & { content: (company: string) => NotificationContent },
): Promise<string[]> {
  const owners = (await companyPeople(db, [clientId])).filter((person) => person.role === "owner");
  if (owners.length === 0) return [];
  return notifyUsers(
    db,
    owners.map((owner) => owner.userId),
    { ...event, content: event.content(owners[0]!.company) },
  );
}
