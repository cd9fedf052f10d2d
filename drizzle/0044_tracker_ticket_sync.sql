ALTER TABLE "tracker_tickets" ADD COLUMN "verdict_retest_id" uuid;--> statement-breakpoint
ALTER TABLE "tracker_tickets" ADD COLUMN "synced_at" timestamp with time zone;