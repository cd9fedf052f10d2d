ALTER TABLE "app_settings" ADD COLUMN "report_template_key" text;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "report_template_name" text;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "report_template_uploaded_at" timestamp with time zone;