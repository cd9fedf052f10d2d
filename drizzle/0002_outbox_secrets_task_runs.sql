CREATE TABLE "task_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "secret_link_expires_at" timestamp with time zone;