CREATE TABLE "analytics_snapshots" (
	"key" text PRIMARY KEY NOT NULL,
	"stamp" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "finding_events_created_idx" ON "finding_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "findings_updated_idx" ON "findings" USING btree ("updated_at");