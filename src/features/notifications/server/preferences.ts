import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import {
  categoriesFor,
  NOTIFICATION_CATEGORY_INFO,
  type NotificationCategory,
  type NotificationDelivery,
} from "@/lib/domain/notification-category";
import type { NotificationPreferencesInput } from "@/features/notifications/validation";
import type { Actor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { userFacts } from "@/features/identity/server";
import { notificationPreferences } from "./schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";

export type NotificationPreferences = {
  /** The categories this person can receive, in the order Settings lists them. */
  categories: NotificationCategory[];
  enabled: NotificationCategory[];
  delivery: NotificationDelivery;
  includeMessageText: boolean;
};

const audienceOf = (actor: Actor) => (actor.role === "admin" ? "admin" : "client");

/**
 * The categories of the actor's audience, less those whose mails a member does not get while the
 * company's owners withhold that part of the portal (docs/PRODUCT.md#portal-team): a switch they
 * could turn on would do nothing.
 */
function receivable(actor: Actor): NotificationCategory[] {
  const withheld = new Set<NotificationCategory>();
  if (actor.role === "client" && actor.billingWithheld) withheld.add("invoices");
  if (actor.role === "client" && actor.findingsWithheld) withheld.add("findings");
  return categoriesFor(audienceOf(actor)).filter((c) => !withheld.has(c));
}

/** The actor's own preferences, over the categories it can receive (defaults: all on, each). */
export async function getNotificationPreferences(db: DbOrTx, { actor }: { actor: Actor }): Promise<NotificationPreferences> {
  const [row] = await db
    .select({
      disabled: notificationPreferences.disabledCategories,
      delivery: notificationPreferences.delivery,
      includeMessageText: notificationPreferences.includeMessageText,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, actor.userId));
  const disabled = new Set(row?.disabled ?? []);
  const categories = receivable(actor);
  return {
    categories,
    enabled: categories.filter((c) => !disabled.has(c)),
    delivery: row?.delivery ?? "each",
    includeMessageText: row?.includeMessageText ?? false,
  };
}

/**
 * Saves the actor's own preferences; categories of the other audience, and those withheld from a
 * member, are kept as they were (so they are as the person left them when the switch is turned off).
 */
export async function saveNotificationPreferences(
  db: DbOrTx,
  { actor, input }: { actor: Actor; input: NotificationPreferencesInput },
): Promise<NotificationPreferences> {
  // The before/after read, the write and its audit entry are one change.
  return db.transaction(async (tx) => {
    const mine = receivable(actor);
    const foreign = input.enabled.filter((c) => NOTIFICATION_CATEGORY_INFO[c].audience !== audienceOf(actor));
    if (foreign.length > 0)
      throw new AppError("bad_request", "Unknown notification category", { fieldErrors: { enabled: "Unknown notification category" } });
    const [stored] = await tx
      .select({ disabled: notificationPreferences.disabledCategories })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, actor.userId));
    const before = await getNotificationPreferences(tx, { actor });
    const includeMessageText = input.includeMessageText ?? before.includeMessageText;
    // What is off in the other audience's categories stays off (a user whose role changed).
    const disabled = [
      ...(stored?.disabled ?? []).filter((c) => !(mine as string[]).includes(c)),
      ...mine.filter((c) => !input.enabled.includes(c)),
    ];
    await tx
      .insert(notificationPreferences)
      .values({ userId: actor.userId, disabledCategories: disabled, delivery: input.delivery, includeMessageText })
      .onConflictDoUpdate({
        target: notificationPreferences.userId,
        set: { disabledCategories: disabled, delivery: input.delivery, includeMessageText, updatedAt: new Date() },
      });
    const after = await getNotificationPreferences(tx, { actor });
    await recordAudit(tx, { actor, action: "notifications.preferences", entityType: "user", entityId: actor.userId, before, after });
    return after;
  });
}

/** Turns one category off for a user: the signed unsubscribe link (no session). */
export async function disableNotificationCategory(
  db: DbOrTx,
  { userId, category }: { userId: string; category: NotificationCategory },
): Promise<boolean> {
  const people = userFacts(db);
  const [exists] = await db.select({ id: people.userId }).from(people).where(eq(people.userId, userId));
  if (!exists) return false;
  await db
    .insert(notificationPreferences)
    .values({ userId, disabledCategories: [category] })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: {
        disabledCategories: sql`case when ${category}::text = any(${notificationPreferences.disabledCategories}) then ${notificationPreferences.disabledCategories} else array_append(${notificationPreferences.disabledCategories}, ${category}::text) end`,
        updatedAt: new Date(),
      },
    });
  return true;
}

export type RecipientSettings = {
  userId: string;
  email: string;
  disabled: string[];
  delivery: NotificationDelivery;
  includeMessageText: boolean;
};

/** Addresses and preferences of some users in one query. */
export async function recipientSettings(db: DbOrTx, userIds: string[]): Promise<RecipientSettings[]> {
  if (userIds.length === 0) return [];
  const people = userFacts(db);
  const rows = await db
    .select({
      userId: people.userId,
      email: people.email,
      disabled: notificationPreferences.disabledCategories,
      delivery: notificationPreferences.delivery,
      includeMessageText: notificationPreferences.includeMessageText,
    })
    .from(people)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, people.userId))
    .where(inArray(people.userId, userIds));
  return rows.map((r) => ({
    userId: r.userId,
    email: r.email,
    disabled: r.disabled ?? [],
    delivery: r.delivery ?? "each",
    includeMessageText: r.includeMessageText ?? false,
  }));
}
