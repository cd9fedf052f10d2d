// The mail outbox, the one table the core owns (src/server/core/mail).
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, uuidPrimaryKey } from "./columns";
import { oneOf } from "./one-of";

// The identity slice's user table as the foreign key sees it: the core imports no slice, so it names
// the referenced table and column here. Not exported, so drizzle-kit reads only identity's definition.
const referencedUser = pgTable("user", { id: text("id").primaryKey() });

// logged: no SMTP_URL, so the message was written to the console and kept here. held: a
// notification waiting for its recipient's daily summary; summarized: went out in that summary.
export const EMAIL_STATUSES = ["pending", "sent", "logged", "failed", "held", "summarized"] as const;

// Outbox: a message is stored before any delivery attempt, so a failing transport loses nothing.
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuidPrimaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    kind: text("kind").notNull(),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    // Set when the body carries a one-time link (password reset, invitation): the body is
    // redacted once sent, and after this time the message is useless and cannot be retried.
    secretLinkExpiresAt: timestamp("secret_link_expires_at", { withTimezone: true }),
    // Notifications only: one event for one recipient is stored once (src/features/notifications/server),
    // so a re-sync, a replayed webhook or a second instance never queues it again.
    idempotencyKey: text("idempotency_key").unique(),
    recipientUserId: text("recipient_user_id").references(() => referencedUser.id, { onDelete: "set null" }),
    category: text("category"),
    // The RFC 8058 one-click address sent as List-Unsubscribe.
    unsubscribeUrl: text("unsubscribe_url"),
  },
  (t) => [
    check("email_outbox_status_check", oneOf(t.status, EMAIL_STATUSES)),
    index("email_outbox_status_idx").on(t.status, t.createdAt),
    index("email_outbox_held_idx")
      .on(t.recipientUserId)
      .where(sql`${t.status} = 'held'`),
  ],
);
