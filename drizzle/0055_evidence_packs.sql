CREATE TABLE "evidence_case_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"target" text NOT NULL,
	"case_no" text NOT NULL,
	"finding_id" uuid,
	"measurement_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidence_case_links_one_check" CHECK (("evidence_case_links"."finding_id" is null) <> ("evidence_case_links"."measurement_id" is null))
);
--> statement-breakpoint
CREATE TABLE "evidence_case_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"target" text NOT NULL,
	"case_no" text NOT NULL,
	"status" text NOT NULL,
	"trials" integer,
	"successes" integer,
	"reason" text,
	"recorded_by" text,
	"recorded_by_name" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidence_case_results_status_check" CHECK ("evidence_case_results"."status" in ('not_started', 'held', 'failed', 'not_applicable', 'blocked')),
	CONSTRAINT "evidence_case_results_reason_check" CHECK ("evidence_case_results"."status" not in ('not_applicable', 'blocked') or length("evidence_case_results"."reason") > 0),
	CONSTRAINT "evidence_case_results_counts_check" CHECK (("evidence_case_results"."trials" is null and "evidence_case_results"."successes" is null) or ("evidence_case_results"."trials" >= 1 and "evidence_case_results"."successes" between 0 and "evidence_case_results"."trials"))
);
--> statement-breakpoint
CREATE TABLE "evidence_engagement_plans" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"plan_version_id" uuid NOT NULL,
	"adopted_by" text,
	"adopted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidence_packs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"code" text NOT NULL,
	"facts" jsonb NOT NULL,
	"jws" text NOT NULL,
	"oscal" text NOT NULL,
	"issued_by" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone,
	"superseded_by_id" uuid,
	"revoked_at" timestamp with time zone,
	"verifications" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "evidence_packs_code_unique" UNIQUE("code"),
	CONSTRAINT "evidence_packs_code_check" CHECK ("evidence_packs"."code" ~ '^[0-9A-HJKMNP-TV-Z]{10}$')
);
--> statement-breakpoint
CREATE TABLE "evidence_plan_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"methodology" text NOT NULL,
	"atlas_release" text NOT NULL,
	"cases" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidence_plan_versions_version_check" CHECK ("evidence_plan_versions"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "evidence_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidence_plans_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "evidence_case_links" ADD CONSTRAINT "evidence_case_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_case_links" ADD CONSTRAINT "evidence_case_links_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_case_links" ADD CONSTRAINT "evidence_case_links_measurement_id_finding_measurements_id_fk" FOREIGN KEY ("measurement_id") REFERENCES "public"."finding_measurements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_case_results" ADD CONSTRAINT "evidence_case_results_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_case_results" ADD CONSTRAINT "evidence_case_results_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_case_results" ADD CONSTRAINT "evidence_case_results_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_engagement_plans" ADD CONSTRAINT "evidence_engagement_plans_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_engagement_plans" ADD CONSTRAINT "evidence_engagement_plans_plan_version_id_evidence_plan_versions_id_fk" FOREIGN KEY ("plan_version_id") REFERENCES "public"."evidence_plan_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_engagement_plans" ADD CONSTRAINT "evidence_engagement_plans_adopted_by_user_id_fk" FOREIGN KEY ("adopted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_packs" ADD CONSTRAINT "evidence_packs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_packs" ADD CONSTRAINT "evidence_packs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_packs" ADD CONSTRAINT "evidence_packs_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_packs" ADD CONSTRAINT "evidence_packs_issued_by_user_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_plan_versions" ADD CONSTRAINT "evidence_plan_versions_plan_id_evidence_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."evidence_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_plan_versions" ADD CONSTRAINT "evidence_plan_versions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evidence_case_links_case_idx" ON "evidence_case_links" USING btree ("project_id","target","case_no");--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_case_links_finding_idx" ON "evidence_case_links" USING btree ("project_id","target","case_no","finding_id") WHERE "evidence_case_links"."finding_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_case_results_idx" ON "evidence_case_results" USING btree ("project_id","target","case_no");--> statement-breakpoint
CREATE INDEX "evidence_case_results_client_idx" ON "evidence_case_results" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "evidence_packs_project_idx" ON "evidence_packs" USING btree ("project_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "evidence_packs_client_idx" ON "evidence_packs" USING btree ("client_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_plan_versions_idx" ON "evidence_plan_versions" USING btree ("plan_id","version");