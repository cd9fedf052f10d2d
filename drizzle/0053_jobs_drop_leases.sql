DROP INDEX "email_outbox_due_idx";--> statement-breakpoint
DROP INDEX "webhook_deliveries_due_idx";--> statement-breakpoint
DROP INDEX "tracker_tickets_due_idx";--> statement-breakpoint
CREATE INDEX "email_outbox_status_idx" ON "email_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_status_idx" ON "webhook_deliveries" USING btree ("status");--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "tracker_tickets" DROP COLUMN "next_attempt_at";