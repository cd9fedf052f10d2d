import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { SHARE_EVENT_KINDS, SHARE_ITEM_KINDS, SHARE_MODES, SHARE_NDA_KINDS } from "@/lib/domain/share";
import { user } from "@/features/identity/server/schema";
import { clients, ownedByClient } from "@/features/clients/server/schema";
import { createdAt, uuidPrimaryKey } from "@/server/core/db/schema/columns";
import { oneOf } from "@/server/core/db/schema/one-of";
import { projects } from "@/features/projects/server/schema";

// The share room's tables (docs/PRODUCT.md#sharing-with-third-parties). Secrets (sign-in links,
// recipient sessions) are stored as their SHA-256 only.

/** A share: items of one company for named recipients, until it expires or is revoked. */
export const shares = pgTable(
  "shares",
  {
    id: uuidPrimaryKey(),
    clientId: ownedByClient(),
    createdByUserId: text("created_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdByName: text("created_by_name").notNull(),
    message: text("message"),
    mode: text("mode", { enum: SHARE_MODES }).notNull(),
    ndaKind: text("nda_kind", { enum: SHARE_NDA_KINDS }).notNull(),
    /** The NDA text as the recipient reads it (null without an NDA), and its SHA-256 (hex). */
    ndaText: text("nda_text"),
    ndaSha256: text("nda_sha256"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("shares_mode_check", oneOf(t.mode, SHARE_MODES)),
    check("shares_nda_kind_check", oneOf(t.ndaKind, SHARE_NDA_KINDS)),
    index("shares_client_idx").on(t.clientId, t.createdAt.desc()),
  ],
);

/** One shared item: a kind and the id its resolver reads (server/item-kinds.ts). */
export const shareItems = pgTable(
  "share_items",
  {
    id: uuidPrimaryKey(),
    shareId: uuid("share_id")
      .notNull()
      .references(() => shares.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SHARE_ITEM_KINDS }).notNull(),
    itemId: uuid("item_id").notNull(),
    /** The item's name when shared ("Final report v2"), kept for the lists. */
    label: text("label").notNull(),
    /** The engagement it belongs to, for the firm's counts and its ban on sharing. */
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
  },
  (t) => [check("share_items_kind_check", oneOf(t.kind, SHARE_ITEM_KINDS)), index("share_items_share_idx").on(t.shareId)],
);

/** A named recipient of a share, and their NDA acceptance. */
export const shareRecipients = pgTable(
  "share_recipients",
  {
    id: uuidPrimaryKey(),
    shareId: uuid("share_id")
      .notNull()
      .references(() => shares.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** The name the owner gave, if any (the NDA's typed name is the recipient's own). */
    name: text("name"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ndaAcceptedAt: timestamp("nda_accepted_at", { withTimezone: true }),
    ndaName: text("nda_name"),
    ndaAddress: text("nda_address"),
    ndaUserAgent: text("nda_user_agent"),
    ndaSha256: text("nda_sha256"),
    createdAt: createdAt(),
  },
  (t) => [index("share_recipients_share_idx").on(t.shareId), index("share_recipients_email_idx").on(t.email)],
);

/** A mailed sign-in link (single use): its token's SHA-256. */
export const shareLinks = pgTable("share_links", {
  tokenHash: text("token_hash").primaryKey(),
  recipientId: uuid("recipient_id")
    .notNull()
    .references(() => shareRecipients.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/** A recipient's session (its cookie's SHA-256), bound to the recipient's e-mail through the recipient. */
export const shareSessions = pgTable(
  "share_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    recipientId: uuid("recipient_id")
      .notNull()
      .references(() => shareRecipients.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("share_sessions_recipient_idx").on(t.recipientId)],
);

/** A stamped copy handed to a recipient: its own code (for /verify) and the file's SHA-256. */
export const shareCopies = pgTable(
  "share_copies",
  {
    id: uuidPrimaryKey(),
    code: text("code").notNull().unique(),
    recipientId: uuid("recipient_id")
      .notNull()
      .references(() => shareRecipients.id, { onDelete: "cascade" }),
    shareItemId: uuid("share_item_id")
      .notNull()
      .references(() => shareItems.id, { onDelete: "cascade" }),
    sha256: text("sha256").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("share_copies_recipient_idx").on(t.recipientId)],
);

/** What a recipient did: a page viewed, a copy downloaded. */
export const shareEvents = pgTable(
  "share_events",
  {
    id: uuidPrimaryKey(),
    recipientId: uuid("recipient_id")
      .notNull()
      .references(() => shareRecipients.id, { onDelete: "cascade" }),
    shareItemId: uuid("share_item_id")
      .notNull()
      .references(() => shareItems.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SHARE_EVENT_KINDS }).notNull(),
    page: integer("page"),
    clientAddress: text("client_address").notNull(),
    userAgent: text("user_agent").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("share_events_kind_check", oneOf(t.kind, SHARE_EVENT_KINDS)), index("share_events_recipient_idx").on(t.recipientId)],
);

/** A company's sharing choice: whether members may share too (owners always may). */
export const sharingSettings = pgTable("sharing_settings", {
  clientId: uuid("client_id")
    .primaryKey()
    .references(() => clients.id, { onDelete: "cascade" }),
  membersMayShare: boolean("members_may_share").notNull().default(false),
});

/** Engagements the firm forbade sharing from (a client's own NDA with the firm, say). */
export const shareForbiddenProjects = pgTable("share_forbidden_projects", {
  projectId: uuid("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  forbiddenBy: text("forbidden_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});
