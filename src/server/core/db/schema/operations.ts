// Tables the product needs beyond its core entities: inquiries, mail, provider connection, audit.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { clients } from "./clients";
import { oneOf } from "./one-of";
import { createdAt, uuidPrimaryKey } from "./columns";

export const contactInquiries = pgTable(
  "contact_inquiries",
  {
    id: uuidPrimaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull(),
    serviceInterest: text("service_interest").notNull(),
    message: text("message").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    // The client created from this inquiry (docs/PRODUCT.md#admin-inquiries).
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_inquiries_created_idx").on(t.createdAt.desc())],
);

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
    recipientUserId: text("recipient_user_id").references(() => user.id, { onDelete: "set null" }),
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

// Last run of a periodic task shared by every instance (e.g. the daily retention): claimed by an
// upsert, so only one instance runs it per period.
export const taskRuns = pgTable("task_runs", {
  name: text("name").primaryKey(),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }).notNull(),
});

// This database's claim on the document store (src/features/operations/server/ownership.ts): one row, the
// current claim (also written into the store's marker object) and the one before it, renewed every
// few minutes so that a copy of this database restored from a backup holds a stale claim.
export const storageOwner = pgTable(
  "storage_owner",
  {
    id: integer("id").primaryKey().default(1),
    claim: uuid("claim").notNull(),
    previousClaim: uuid("previous_claim"),
    renewedAt: timestamp("renewed_at", { withTimezone: true }).notNull(),
  },
  (t) => [check("storage_owner_one_row", sql`${t.id} = 1`)],
);

// One row per provider; tokens are encrypted with a key derived from AUTH_SECRET.
export const paymentProviderConnections = pgTable("payment_provider_connections", {
  provider: text("provider").primaryKey(),
  merchantId: text("merchant_id").notNull(),
  accessTokenEncrypted: text("access_token_encrypted").notNull(),
  refreshTokenEncrypted: text("refresh_token_encrypted"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  /** The scopes Square reports the token has (token status), space separated; null until first read. */
  scopes: text("scopes"),
  /** Set by Square's oauth.authorization.revoked webhook: the seller revoked the app at Square. */
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  connectedBy: text("connected_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    // Who the actor was when the entry was written (a later rename changes nothing shown), hashed
    // into the access log's chain from hash version 2 (docs/PRODUCT.md#portal-access-log).
    actorName: text("actor_name"),
    actorEmail: text("actor_email"),
    // How the entry's chain hash is computed: 1 for entries written before the actor's name was
    // stored (their hash covers the user id only), 2 with the actor's name and e-mail.
    hashVersion: smallint("hash_version").notNull().default(1),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    // The client company the entry concerns (an access by the firm to its data, a change to it):
    // what the company's owners read in their access log (docs/PRODUCT.md#portal-access-log).
    // Kept (without the company) when the company is deleted, like the rest of the log.
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "set null" }),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
    // An entry of a company's access log is a link of that company's hash chain: its place in the
    // chain (from 1) and SHA-256(previous hash + the entry as the log shows it), in hex
    // (docs/PRODUCT.md#portal-access-log). Null on entries the access log does not show.
    chainSeq: bigint("chain_seq", { mode: "number" }),
    chainHash: text("chain_hash"),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt.desc()),
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    index("audit_log_client_created_idx").on(t.clientId, t.createdAt.desc()),
    uniqueIndex("audit_log_client_chain_idx").on(t.clientId, t.chainSeq),
  ],
);

/**
 * The end of each company's access-log chain: appending locks this row (so two instances writing
 * for the same company take turns) and reads the previous hash from it, never the chain. The
 * checkpoint is where the chain starts after retention removed its oldest entries: the last
 * removed entry's place and hash, signed so that it cannot be moved quietly.
 */
export const auditChainHeads = pgTable("audit_chain_heads", {
  clientId: uuid("client_id")
    .primaryKey()
    .references(() => clients.id, { onDelete: "cascade" }),
  seq: bigint("seq", { mode: "number" }).notNull(),
  hash: text("hash").notNull(),
  entryId: bigint("entry_id", { mode: "number" }),
  checkpointSeq: bigint("checkpoint_seq", { mode: "number" }).notNull().default(0),
  checkpointHash: text("checkpoint_hash").notNull(),
  checkpointJws: text("checkpoint_jws"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A company's chain head as the firm signed it (daily), the latest of which the owners' weekly digest carries. */
export const auditChainSignedHeads = pgTable(
  "audit_chain_signed_heads",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    seq: bigint("seq", { mode: "number" }).notNull(),
    hash: text("hash").notNull(),
    jws: text("jws").notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_chain_signed_heads_client_idx").on(t.clientId, t.signedAt.desc())],
);
