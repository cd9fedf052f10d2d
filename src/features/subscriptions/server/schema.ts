import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { clients } from "@/features/clients/server/schema";
import { SUBSCRIPTION_STATUSES } from "@/lib/domain/subscription-status";
import { createdAt, timestamps, uuidPrimaryKey } from "@/server/core/db/schema/columns";
import { oneOf } from "@/server/core/db/schema/one-of";

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
    // The Square subscription plan variation a subscription to this plan is created with; without
    // one (or without Square) subscribing is a request an admin confirms.
    squarePlanVariationId: text("square_plan_variation_id"),
    // The firm's Square checkout link for this plan (https): Subscribe Now opens it, and the
    // subscription Square then reports becomes the client's (docs/PRODUCT.md#portal-book-service).
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
    // Null only for a Square subscription whose customer is linked to no client yet: it waits in
    // the unmatched queue and shows in no portal (the invoices' ownership rule).
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "cascade" }),
    squareCustomerId: text("square_customer_id"),
    tierId: uuid("tier_id")
      .notNull()
      .references(() => subscriptionTiers.id, { onDelete: "restrict" }),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("active"),
    // When it first became active (confirmed by an admin or by Square): MRR counts it from then.
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    // Why an admin declined a request or cancelled the subscription: the client reads it.
    decisionReason: text("decision_reason"),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    squareSubscriptionId: text("square_subscription_id").unique(),
    // Square's version of the subscription: an older update never overwrites a newer one.
    squareVersion: bigint("square_version", { mode: "number" }),
    // The first day of the period being billed now (plans the firm invoices each period).
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }),
    // The client (or the firm) asked to stop at the end of the period: no next invoice, then cancelled.
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    // The plan it switches to at the next billing date (the price of the next period).
    nextTierId: uuid("next_tier_id").references(() => subscriptionTiers.id, { onDelete: "restrict" }),
    // When an active subscription stopped: churn counts these over a period.
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    check("client_subscriptions_status_check", oneOf(t.status, SUBSCRIPTION_STATUSES)),
    // A client has at most one active subscription.
    uniqueIndex("client_subscriptions_one_active_idx")
      .on(t.clientId)
      .where(sql`${t.status} = 'active'`),
    // ... and at most one request waiting.
    uniqueIndex("client_subscriptions_one_pending_idx")
      .on(t.clientId)
      .where(sql`${t.status} = 'pending'`),
    check("client_subscriptions_owner_check", sql`${t.clientId} is not null or ${t.squareSubscriptionId} is not null`),
    index("client_subscriptions_client_status_idx").on(t.clientId, t.status),
    index("client_subscriptions_created_idx").on(t.createdAt.desc()),
  ],
);

/**
 * One billing period of a plan the firm invoices itself (no Square subscription): written before
 * Square is called, so the unique (subscription, period start) keeps it to one invoice per period
 * whichever instance's tick gets there first; Square's ids are filled in once it answers.
 */
export const subscriptionPeriods = pgTable(
  "subscription_periods",
  {
    id: uuidPrimaryKey(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => clientSubscriptions.id, { onDelete: "cascade" }),
    tierId: uuid("tier_id")
      .notNull()
      .references(() => subscriptionTiers.id, { onDelete: "restrict" }),
    periodStart: date("period_start").notNull(),
    periodEnd: date("period_end").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    squareOrderId: text("square_order_id"),
    squareInvoiceId: text("square_invoice_id"),
    // Set once Square has the invoice published; until then each tick tries again.
    billedAt: timestamp("billed_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("subscription_periods_one_per_period_idx").on(t.subscriptionId, t.periodStart),
    index("subscription_periods_unbilled_idx")
      .on(t.createdAt)
      .where(sql`${t.billedAt} is null`),
    check("subscription_periods_amount_check", sql`${t.amountCents} >= 0`),
  ],
);
