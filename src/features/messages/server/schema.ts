import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ownedByClient } from "@/features/clients/server/schema";
import { user } from "@/features/identity/server/schema";
import { projects } from "@/features/projects/server/schema";
import { MESSAGE_AUTHOR_ROLES, THREAD_STATUSES } from "@/lib/domain/thread-status";
import { createdAt, uuidPrimaryKey } from "@/server/core/db/schema/columns";
import { oneOf } from "@/server/core/db/schema/one-of";

/** A conversation between one client and the team (docs/PRODUCT.md#portal-messages). */
export const messageThreads = pgTable(
  "message_threads",
  {
    id: uuidPrimaryKey(),
    clientId: ownedByClient(),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    status: text("status", { enum: THREAD_STATUSES }).notNull().default("open"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    // Kept with each message, so lists sort and judge "unread" without reading the messages.
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("message_threads_status_check", oneOf(t.status, THREAD_STATUSES)),
    index("message_threads_client_last_idx").on(t.clientId, t.lastMessageAt.desc()),
    index("message_threads_last_idx").on(t.lastMessageAt.desc()),
  ],
);

/** `thread_id uuid not null references message_threads(id) on delete cascade`: goes with its thread. */
const inThread = () =>
  uuid("thread_id")
    .notNull()
    .references(() => messageThreads.id, { onDelete: "cascade" });

export const messages = pgTable(
  "messages",
  {
    id: uuidPrimaryKey(),
    threadId: inThread(),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    // The author's side when written, kept if the user is later removed.
    authorRole: text("author_role", { enum: MESSAGE_AUTHOR_ROLES }).notNull(),
    authorName: text("author_name").notNull(),
    // Plain text as typed; never HTML. Shown escaped, links made clickable on display.
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("messages_author_role_check", oneOf(t.authorRole, MESSAGE_AUTHOR_ROLES)),
    index("messages_thread_created_idx").on(t.threadId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** A file sent with a message: stored like a document, reachable only through its thread. */
export const messageAttachments = pgTable(
  "message_attachments",
  {
    id: uuidPrimaryKey(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    fileSize: bigint("file_size", { mode: "number" }).notNull(),
    mimeType: text("mime_type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("message_attachments_size_check", sql`${t.fileSize} >= 0`), index("message_attachments_message_idx").on(t.messageId)],
);

/** Per user and thread: everything up to last_read_at has been seen. */
export const messageReads = pgTable(
  "message_reads",
  {
    threadId: inThread(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    lastReadAt: timestamp("last_read_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index("message_reads_user_idx").on(t.userId)],
);
