import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { clients } from "@/features/clients/server/schema";
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_ENDPOINT_KINDS,
  WEBHOOK_ENDPOINT_STATES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
} from "@/lib/domain/webhook";
import { createdAt, uuidPrimaryKey } from "@/server/core/db/schema/columns";
import { oneOf } from "@/server/core/db/schema/one-of";

/**
 * A company's webhook endpoints (docs/PRODUCT.md#api-and-webhooks). The signing secret is sealed
 * (src/server/core/sealed-secret.ts): it must be read back to sign, so it cannot be a hash. During a
 * rotation the previous secret signs too, until `previous_secret_until`; after a second rotation
 * within that overlap, the one before it too, until `older_secret_until`.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuidPrimaryKey(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: WEBHOOK_ENDPOINT_KINDS }).notNull(),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    events: text("events").array().notNull(),
    sealedSecret: text("sealed_secret").notNull(),
    previousSealedSecret: text("previous_sealed_secret"),
    previousSecretUntil: timestamp("previous_secret_until", { withTimezone: true }),
    olderSealedSecret: text("older_sealed_secret"),
    olderSecretUntil: timestamp("older_secret_until", { withTimezone: true }),
    state: text("state", { enum: WEBHOOK_ENDPOINT_STATES }).notNull().default("active"),
    // Since when every attempt failed (null while the last one succeeded).
    failingSince: timestamp("failing_since", { withTimezone: true }),
    disabledReason: text("disabled_reason"),
    createdByName: text("created_by_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("webhook_endpoints_kind_check", oneOf(t.kind, WEBHOOK_ENDPOINT_KINDS)),
    check("webhook_endpoints_state_check", oneOf(t.state, WEBHOOK_ENDPOINT_STATES)),
    check(
      "webhook_endpoints_events_check",
      sql`${t.events} <@ array[${sql.raw(WEBHOOK_EVENT_TYPES.map((e) => `'${e}'`).join(", "))}]::text[] and cardinality(${t.events}) > 0`,
    ),
    index("webhook_endpoints_client_idx").on(t.clientId),
  ],
);

/**
 * What happened, once per event and company, whatever the number of endpoints: its id is the
 * Standard Webhooks message id, the same on every delivery and redelivery, so a receiver drops a
 * duplicate. `data` holds ids only; `chat_text` the one line a chat message shows (title at most).
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    data: jsonb("data").notNull(),
    chatText: text("chat_text").notNull(),
    portalPath: text("portal_path").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("webhook_events_type_check", oneOf(t.type, [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT])),
    index("webhook_events_client_idx").on(t.clientId, t.createdAt),
  ],
);

/** One event to one endpoint: the durable queue the delivery worker drains (like the mail outbox). */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuidPrimaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("webhook_deliveries_status_check", oneOf(t.status, WEBHOOK_DELIVERY_STATUSES)),
    uniqueIndex("webhook_deliveries_event_endpoint_unique").on(t.eventId, t.endpointId),
    index("webhook_deliveries_status_idx").on(t.status),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
  ],
);

/** Each attempt of a delivery, for the owners' delivery log: when, the answer's status or the failure. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: uuidPrimaryKey(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer("status_code"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attemptedAt)],
);
