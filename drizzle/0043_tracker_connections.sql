CREATE TABLE "tracker_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"base_url" text NOT NULL,
	"target" text NOT NULL,
	"issue_type" text DEFAULT '' NOT NULL,
	"account_email" text,
	"sealed_token" text NOT NULL,
	"sealed_webhook_secret" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"state" text DEFAULT 'connected' NOT NULL,
	"state_message" text,
	"last_sync_at" timestamp with time zone,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracker_connections_kind_check" CHECK ("tracker_connections"."kind" in ('github', 'gitlab', 'jira')),
	CONSTRAINT "tracker_connections_state_check" CHECK ("tracker_connections"."state" in ('connected', 'failing', 'revoked'))
);
--> statement-breakpoint
CREATE TABLE "tracker_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"finding_id" uuid NOT NULL,
	"state" text DEFAULT 'creating' NOT NULL,
	"external_key" text,
	"external_url" text,
	"pending" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracker_tickets_state_check" CHECK ("tracker_tickets"."state" in ('creating', 'open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "tracker_connections" ADD CONSTRAINT "tracker_connections_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_tickets" ADD CONSTRAINT "tracker_tickets_connection_id_tracker_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."tracker_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_tickets" ADD CONSTRAINT "tracker_tickets_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tracker_connections_target_unique" ON "tracker_connections" USING btree ("client_id","kind","base_url","target");--> statement-breakpoint
CREATE UNIQUE INDEX "tracker_tickets_finding_unique" ON "tracker_tickets" USING btree ("connection_id","finding_id");--> statement-breakpoint
CREATE INDEX "tracker_tickets_due_idx" ON "tracker_tickets" USING btree ("next_attempt_at") WHERE "tracker_tickets"."next_attempt_at" is not null;