// Tables the product needs beyond its core entities: inquiries, mail, provider connection, audit.
// Square integration bookkeeping: one-time OAuth states, the webhook events already applied, and
// which client each Square customer belongs to.
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { clients } from "@/features/clients/server/schema";
import { user } from "@/features/identity/server/schema";
import { createdAt } from "@/server/core/db/schema/columns";

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

// A started "Connect Square" flow. Only a hash of the state is stored, bound to the admin and the
// session that started it; the row is deleted when the callback uses it (one-time) or expires.
export const squareOauthStates = pgTable(
  "square_oauth_states",
  {
    stateHash: text("state_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    redirectUri: text("redirect_uri").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("square_oauth_states_expires_idx").on(t.expiresAt)],
);

// Square retries deliveries and may send an event twice: an event id seen here is not applied again.
export const squareWebhookEvents = pgTable(
  "square_webhook_events",
  {
    eventId: text("event_id").primaryKey(),
    eventType: text("event_type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("square_webhook_events_received_idx").on(t.receivedAt)],
);

export const SQUARE_LINK_SOURCES = ["admin", "email_match", "backfill"] as const;

export type SquareLinkSource = (typeof SQUARE_LINK_SOURCES)[number];

// Every Square customer seen by a sync or a webhook. Invoices follow the customer's client: the
// link is set by an admin, or proposed once by the sync (an admin-controlled address matching
// exactly one client, or the customer's existing invoices all belonging to one client) and then
// kept, so no later e-mail change moves anything. Name and e-mail are Square's, for display.
export const squareCustomers = pgTable(
  "square_customers",
  {
    squareCustomerId: text("square_customer_id").primaryKey(),
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "set null" }),
    displayName: text("display_name"),
    email: text("email"),
    linkSource: text("link_source", { enum: SQUARE_LINK_SOURCES }),
    linkedAt: timestamp("linked_at", { withTimezone: true }),
    linkedByUserId: text("linked_by_user_id").references(() => user.id, { onDelete: "set null" }),
    // Set when the admin chose to keep this customer's invoices out of every portal.
    ignoredAt: timestamp("ignored_at", { withTimezone: true }),
    // Why the sync's evidence disagrees with the link (recomputed at every sync; never applied).
    conflict: text("conflict"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("square_customers_client_idx").on(t.clientId),
    check("square_customers_link_check", sql`${t.clientId} is null or ${t.ignoredAt} is null`),
    check("square_customers_source_check", sql`${t.linkSource} is null or ${t.linkSource} in ('admin', 'email_match', 'backfill')`),
  ],
);
