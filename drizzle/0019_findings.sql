CREATE TABLE "finding_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"finding_id" uuid NOT NULL,
	"body" text NOT NULL,
	"actor_id" text,
	"actor_role" text NOT NULL,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finding_comments_actor_role_check" CHECK ("finding_comments"."actor_role" in ('client', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "finding_due_days" (
	"project_id" uuid NOT NULL,
	"critical" integer NOT NULL,
	"high" integer NOT NULL,
	"medium" integer NOT NULL,
	"low" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finding_due_days_project_id_pk" PRIMARY KEY("project_id"),
	CONSTRAINT "finding_due_days_range_check" CHECK (least("finding_due_days"."critical", "finding_due_days"."high", "finding_due_days"."medium", "finding_due_days"."low") >= 1 and greatest("finding_due_days"."critical", "finding_due_days"."high", "finding_due_days"."medium", "finding_due_days"."low") <= 3650)
);
--> statement-breakpoint
CREATE TABLE "finding_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"finding_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"note" text,
	"actor_id" text,
	"actor_role" text NOT NULL,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finding_events_kind_check" CHECK ("finding_events"."kind" in ('created', 'published', 'status', 'retest_requested', 'retest_result', 'risk_accepted', 'risk_acknowledged')),
	CONSTRAINT "finding_events_from_status_check" CHECK ("finding_events"."from_status" in ('draft', 'open', 'in_remediation', 'fixed_pending_retest', 'verified_fixed', 'still_open', 'risk_accepted')),
	CONSTRAINT "finding_events_to_status_check" CHECK ("finding_events"."to_status" in ('draft', 'open', 'in_remediation', 'fixed_pending_retest', 'verified_fixed', 'still_open', 'risk_accepted')),
	CONSTRAINT "finding_events_actor_role_check" CHECK ("finding_events"."actor_role" in ('client', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "finding_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"finding_id" uuid NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_size" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finding_evidence_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "finding_evidence_size_check" CHECK ("finding_evidence"."file_size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "finding_retests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"finding_id" uuid NOT NULL,
	"note" text NOT NULL,
	"requested_by" text,
	"requested_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result" text,
	"result_note" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "finding_retests_result_check" CHECK ("finding_retests"."result" in ('verified_fixed', 'still_open'))
);
--> statement-breakpoint
CREATE TABLE "findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"title" text NOT NULL,
	"severity" text NOT NULL,
	"severity_rank" smallint GENERATED ALWAYS AS (case severity when 'critical' then 1 when 'high' then 2 when 'medium' then 3 when 'low' then 4 when 'informational' then 5 end) STORED NOT NULL,
	"cvss_vector" text,
	"cvss_score_tenths" smallint,
	"assets" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"remediation" text DEFAULT '' NOT NULL,
	"references" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"rule_id" text,
	"published_at" timestamp with time zone,
	"due_on" date,
	"risk_reason" text,
	"risk_expires_on" date,
	"risk_accepted_by" text,
	"risk_acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "findings_severity_check" CHECK ("findings"."severity" in ('critical', 'high', 'medium', 'low', 'informational')),
	CONSTRAINT "findings_status_check" CHECK ("findings"."status" in ('draft', 'open', 'in_remediation', 'fixed_pending_retest', 'verified_fixed', 'still_open', 'risk_accepted')),
	CONSTRAINT "findings_cvss_score_check" CHECK ("findings"."cvss_score_tenths" between 0 and 100),
	CONSTRAINT "findings_draft_check" CHECK (("findings"."status" = 'draft') = ("findings"."published_at" is null))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_categories_check";--> statement-breakpoint
ALTER TABLE "finding_comments" ADD CONSTRAINT "finding_comments_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_comments" ADD CONSTRAINT "finding_comments_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_due_days" ADD CONSTRAINT "finding_due_days_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_events" ADD CONSTRAINT "finding_events_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_events" ADD CONSTRAINT "finding_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_evidence" ADD CONSTRAINT "finding_evidence_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_retests" ADD CONSTRAINT "finding_retests_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_retests" ADD CONSTRAINT "finding_retests_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_retests" ADD CONSTRAINT "finding_retests_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_risk_accepted_by_user_id_fk" FOREIGN KEY ("risk_accepted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finding_comments_finding_idx" ON "finding_comments" USING btree ("finding_id","created_at");--> statement-breakpoint
CREATE INDEX "finding_events_finding_idx" ON "finding_events" USING btree ("finding_id","created_at");--> statement-breakpoint
CREATE INDEX "finding_evidence_finding_idx" ON "finding_evidence" USING btree ("finding_id");--> statement-breakpoint
CREATE UNIQUE INDEX "finding_retests_one_open_idx" ON "finding_retests" USING btree ("finding_id") WHERE "finding_retests"."result" is null;--> statement-breakpoint
CREATE INDEX "finding_retests_open_idx" ON "finding_retests" USING btree ("created_at") WHERE "finding_retests"."result" is null;--> statement-breakpoint
CREATE INDEX "findings_client_list_idx" ON "findings" USING btree ("client_id","severity_rank","due_on","id") WHERE "findings"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "findings_project_idx" ON "findings" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "findings_due_idx" ON "findings" USING btree ("due_on");--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_categories_check" CHECK ("notification_preferences"."disabled_categories" <@ array['documents', 'invoices', 'bookings', 'projects', 'messages', 'findings', 'admin_bookings', 'admin_messages', 'admin_failed_mail', 'admin_findings']::text[]);