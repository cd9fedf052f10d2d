CREATE TABLE "finding_measurements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"finding_id" uuid NOT NULL,
	"source" text NOT NULL,
	"trials" integer NOT NULL,
	"successes" integer NOT NULL,
	"provider" text,
	"model_id" text,
	"model_version" text,
	"system_prompt_sha256" text,
	"tool_manifest_sha256" text,
	"guardrail_config_sha256" text,
	"probe" text,
	"detector" text,
	"import_id" uuid,
	"retest_id" uuid,
	"run_key" text,
	"recorded_by" text,
	"recorded_by_name" text NOT NULL,
	"measured_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finding_measurements_source_check" CHECK ("finding_measurements"."source" in ('import', 'retest', 'manual', 'run')),
	CONSTRAINT "finding_measurements_trials_check" CHECK ("finding_measurements"."trials" between 1 and 10000000),
	CONSTRAINT "finding_measurements_successes_check" CHECK ("finding_measurements"."successes" between 0 and "finding_measurements"."trials"),
	CONSTRAINT "finding_measurements_system_prompt_check" CHECK ("finding_measurements"."system_prompt_sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "finding_measurements_tool_manifest_check" CHECK ("finding_measurements"."tool_manifest_sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "finding_measurements_guardrail_config_check" CHECK ("finding_measurements"."guardrail_config_sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "finding_events" DROP CONSTRAINT "finding_events_kind_check";--> statement-breakpoint
ALTER TABLE "finding_retests" DROP CONSTRAINT "finding_retests_result_check";--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "min_retest_trials" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "finding_measurements" ADD CONSTRAINT "finding_measurements_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_measurements" ADD CONSTRAINT "finding_measurements_import_id_finding_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."finding_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_measurements" ADD CONSTRAINT "finding_measurements_retest_id_finding_retests_id_fk" FOREIGN KEY ("retest_id") REFERENCES "public"."finding_retests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_measurements" ADD CONSTRAINT "finding_measurements_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finding_measurements_finding_idx" ON "finding_measurements" USING btree ("finding_id","measured_at");--> statement-breakpoint
CREATE UNIQUE INDEX "finding_measurements_run_idx" ON "finding_measurements" USING btree ("finding_id","run_key") WHERE "finding_measurements"."run_key" is not null;--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_min_retest_trials_check" CHECK ("app_settings"."min_retest_trials" between 1 and 100000);--> statement-breakpoint
ALTER TABLE "finding_events" ADD CONSTRAINT "finding_events_kind_check" CHECK ("finding_events"."kind" in ('created', 'published', 'status', 'retest_requested', 'retest_result', 'risk_accepted', 'risk_acknowledged', 'reopened', 'not_seen', 'owner_assigned', 'outcome', 'withdrawn', 'outcome_undone', 'measured'));--> statement-breakpoint
ALTER TABLE "finding_retests" ADD CONSTRAINT "finding_retests_result_check" CHECK ("finding_retests"."result" in ('verified_fixed', 'still_open', 'reduced'));