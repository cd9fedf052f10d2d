// Square integration bookkeeping: one-time OAuth states and the webhook events already applied.
import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
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
