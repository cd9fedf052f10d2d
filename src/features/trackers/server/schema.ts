import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { clients } from "@/features/clients/server/schema";
import { findings } from "@/features/findings/server/schema/records";
import { TRACKER_KINDS, TRACKER_STATES, TRACKER_TICKET_STATES, type TrackerMapping } from "@/lib/domain/tracker";
import { createdAt, uuidPrimaryKey } from "@/server/core/db/schema/columns";
import { oneOf } from "@/server/core/db/schema/one-of";

/**
 * A client company's connection to its own ticket system (docs/PRODUCT.md#integrations), made by
 * an owner. The token is sealed (src/server/core/sealed-secret.ts, the key Square's tokens use): it
 * must be read back to call the tracker. `webhook_secret_sealed` proves the tracker's callbacks.
 */
export const trackerConnections = pgTable(
  "tracker_connections",
  {
    id: uuidPrimaryKey(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: TRACKER_KINDS }).notNull(),
    // The API's base address: https://api.github.com, a GitLab's /api/v4, a Jira site.
    baseUrl: text("base_url").notNull(),
    // Where tickets go: "owner/repo" (GitHub), a project's path (GitLab), a project key (Jira).
    target: text("target").notNull(),
    // Jira's issue type; empty for the others.
    issueType: text("issue_type").notNull().default(""),
    // Jira Cloud's basic authentication pairs the token with the account's e-mail.
    accountEmail: text("account_email"),
    sealedToken: text("sealed_token").notNull(),
    sealedWebhookSecret: text("sealed_webhook_secret").notNull(),
    mapping: jsonb("mapping").$type<TrackerMapping>().notNull(),
    state: text("state", { enum: TRACKER_STATES }).notNull().default("connected"),
    // The tracker's own words when it refused the last call.
    stateMessage: text("state_message"),
    lastSyncAt: timestamp("last_sync_at", { withTimezone: true }),
    createdByName: text("created_by_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("tracker_connections_kind_check", oneOf(t.kind, TRACKER_KINDS)),
    check("tracker_connections_state_check", oneOf(t.state, TRACKER_STATES)),
    uniqueIndex("tracker_connections_target_unique").on(t.clientId, t.kind, t.baseUrl, t.target),
  ],
);

/**
 * A finding's ticket in one connection: one row per finding and connection (the unique index is
 * the idempotency key), written before the tracker is called ("creating"), so a retry or a second
 * instance never files a second ticket.
 */
export const trackerTickets = pgTable(
  "tracker_tickets",
  {
    id: uuidPrimaryKey(),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => trackerConnections.id, { onDelete: "cascade" }),
    findingId: uuid("finding_id")
      .notNull()
      .references(() => findings.id, { onDelete: "cascade" }),
    state: text("state", { enum: TRACKER_TICKET_STATES }).notNull().default("creating"),
    // The tracker's ids: GitHub's issue number, GitLab's iid, Jira's key ("SEC-42").
    externalKey: text("external_key"),
    externalUrl: text("external_url"),
    // What the ticket is to say, written when a person asked for it (the queue reads no finding).
    pending: jsonb("pending").$type<{ title: string; markdown: string; marker: string; labels: string[] }>(),
    // Attempts to file it so far (each a job of the engine), and why the last one failed.
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    // The retest whose verdict the ticket last carried (a comment, and a close when verified).
    verdictRetestId: uuid("verdict_retest_id"),
    // The sync's last look at the ticket (its state in the tracker, its text when kept in sync).
    syncedAt: timestamp("synced_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("tracker_tickets_state_check", oneOf(t.state, TRACKER_TICKET_STATES)),
    uniqueIndex("tracker_tickets_finding_unique").on(t.connectionId, t.findingId),
  ],
);

/**
 * The deliveries of a connection's webhook already taken (docs/PRODUCT.md#integrations): the
 * tracker's own delivery id (GitHub's X-GitHub-Delivery, GitLab's X-Gitlab-Event-UUID, Jira's
 * X-Atlassian-Webhook-Identifier; the body's digest when none is sent), written in the transaction
 * that acts on it, so a replay of the same delivery within the kept window changes nothing.
 */
export const trackerDeliveries = pgTable(
  "tracker_deliveries",
  {
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => trackerConnections.id, { onDelete: "cascade" }),
    deliveryId: text("delivery_id").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.deliveryId] }),
    index("tracker_deliveries_received_idx").on(t.connectionId, t.receivedAt),
  ],
);
