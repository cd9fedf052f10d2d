CREATE TABLE "engagement_model_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"provider" text,
	"model_id" text NOT NULL,
	"model_version" text NOT NULL,
	"recorded_by" text,
	"recorded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "engagement_model_versions_model_id_check" CHECK (length("engagement_model_versions"."model_id") between 1 and 200),
	CONSTRAINT "engagement_model_versions_version_check" CHECK (length("engagement_model_versions"."model_version") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "finding_events" DROP CONSTRAINT "finding_events_kind_check";--> statement-breakpoint
ALTER TABLE "finding_events" DROP CONSTRAINT "finding_events_from_status_check";--> statement-breakpoint
ALTER TABLE "finding_events" DROP CONSTRAINT "finding_events_to_status_check";--> statement-breakpoint
ALTER TABLE "findings" DROP CONSTRAINT "findings_status_check";--> statement-breakpoint
ALTER TABLE "engagement_model_versions" ADD CONSTRAINT "engagement_model_versions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_model_versions" ADD CONSTRAINT "engagement_model_versions_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engagement_model_versions_target_idx" ON "engagement_model_versions" USING btree ("project_id","model_id","provider","created_at");--> statement-breakpoint
ALTER TABLE "finding_events" ADD CONSTRAINT "finding_events_kind_check" CHECK ("finding_events"."kind" in ('created', 'published', 'status', 'retest_requested', 'retest_result', 'risk_accepted', 'risk_acknowledged', 'reopened', 'not_seen', 'owner_assigned', 'outcome', 'withdrawn', 'outcome_undone', 'measured', 'regressed'));--> statement-breakpoint
ALTER TABLE "finding_events" ADD CONSTRAINT "finding_events_from_status_check" CHECK ("finding_events"."from_status" in ('draft', 'open', 'in_remediation', 'fixed_pending_retest', 'verified_fixed', 'still_open', 'regressed', 'risk_accepted', 'wont_fix', 'false_positive', 'duplicate', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "finding_events" ADD CONSTRAINT "finding_events_to_status_check" CHECK ("finding_events"."to_status" in ('draft', 'open', 'in_remediation', 'fixed_pending_retest', 'verified_fixed', 'still_open', 'regressed', 'risk_accepted', 'wont_fix', 'false_positive', 'duplicate', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_status_check" CHECK ("findings"."status" in ('draft', 'open', 'in_remediation', 'fixed_pending_retest', 'verified_fixed', 'still_open', 'regressed', 'risk_accepted', 'wont_fix', 'false_positive', 'duplicate', 'withdrawn'));