CREATE TABLE "app_settings" (
	"id" text PRIMARY KEY DEFAULT 'app' NOT NULL,
	"require_client_two_factor" boolean DEFAULT false NOT NULL,
	"default_rates" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_settings_one_row_check" CHECK ("app_settings"."id" = 'app')
);
--> statement-breakpoint
ALTER TABLE "client_subscriptions" DROP CONSTRAINT "client_subscriptions_status_check";--> statement-breakpoint
ALTER TABLE "client_subscriptions" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "client_subscriptions" ADD COLUMN "square_customer_id" text;--> statement-breakpoint
ALTER TABLE "client_subscriptions" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_subscriptions" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "subscription_tiers" ADD COLUMN "square_plan_variation_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "client_subscriptions_one_pending_idx" ON "client_subscriptions" USING btree ("client_id") WHERE "client_subscriptions"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "client_subscriptions" ADD CONSTRAINT "client_subscriptions_owner_check" CHECK ("client_subscriptions"."client_id" is not null or "client_subscriptions"."square_subscription_id" is not null);--> statement-breakpoint
ALTER TABLE "client_subscriptions" ADD CONSTRAINT "client_subscriptions_status_check" CHECK ("client_subscriptions"."status" in ('pending', 'active', 'paused', 'past_due', 'cancelled', 'declined'));--> statement-breakpoint
-- Subscriptions made before this migration were active from their creation (MRR counts from activated_at).
UPDATE "client_subscriptions" SET "activated_at" = "created_at" WHERE "status" NOT IN ('pending', 'declined');
