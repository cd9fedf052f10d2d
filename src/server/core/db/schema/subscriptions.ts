import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { SUBSCRIPTION_STATUSES } from "../../../../lib/domain/subscription-status";
import { ownedByClient } from "./clients";
import { oneOf } from "./one-of";
import { createdAt, timestamps, uuidPrimaryKey } from "./columns";

export const subscriptionTiers = pgTable(
  "subscription_tiers",
  {
    id: uuidPrimaryKey(),
    tierName: text("tier_name").notNull(),
    monthlyPriceCents: bigint("monthly_price_cents", { mode: "number" }).notNull(),
    features: text("features")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isPopular: boolean("is_popular").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    displayOrder: integer("display_order").notNull().default(0),
    squareCheckoutUrl: text("square_checkout_url"),
    createdAt: createdAt(),
  },
  (t) => [
    check("subscription_tiers_price_check", sql`${t.monthlyPriceCents} >= 0`),
    index("subscription_tiers_active_order_idx").on(t.isActive, t.displayOrder),
  ],
);

export const clientSubscriptions = pgTable(
  "client_subscriptions",
  {
    id: uuidPrimaryKey(),
    clientId: ownedByClient(),
    tierId: uuid("tier_id")
      .notNull()
      .references(() => subscriptionTiers.id, { onDelete: "restrict" }),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("active"),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    squareSubscriptionId: text("square_subscription_id").unique(),
    // Square's version of the subscription: an older update never overwrites a newer one.
    squareVersion: bigint("square_version", { mode: "number" }),
    ...timestamps(),
  },
  (t) => [
    check("client_subscriptions_status_check", oneOf(t.status, SUBSCRIPTION_STATUSES)),
    // A client has at most one active subscription.
    uniqueIndex("client_subscriptions_one_active_idx")
      .on(t.clientId)
      .where(sql`${t.status} = 'active'`),
    index("client_subscriptions_client_status_idx").on(t.clientId, t.status),
    index("client_subscriptions_created_idx").on(t.createdAt.desc()),
  ],
);
