CREATE TABLE "notification_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"disabled_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"delivery" text DEFAULT 'each' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_delivery_check" CHECK ("notification_preferences"."delivery" in ('each', 'daily')),
	CONSTRAINT "notification_preferences_categories_check" CHECK ("notification_preferences"."disabled_categories" <@ array['documents', 'invoices', 'bookings', 'projects', 'admin_bookings', 'admin_failed_mail']::text[])
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_status_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "announced_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "recipient_user_id" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "unsubscribe_url" text;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_recipient_user_id_user_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_unannounced_idx" ON "invoices" USING btree ("id") WHERE "invoices"."announced_at" is null;--> statement-breakpoint
CREATE INDEX "email_outbox_held_idx" ON "email_outbox" USING btree ("recipient_user_id") WHERE "email_outbox"."status" = 'held';--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_idempotency_key_unique" UNIQUE("idempotency_key");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status_check" CHECK ("email_outbox"."status" in ('pending', 'sent', 'logged', 'failed', 'held', 'summarized'));