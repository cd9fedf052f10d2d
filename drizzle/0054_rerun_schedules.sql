CREATE TABLE "rerun_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"schedule_id" uuid,
	"provider" text,
	"model_id" text NOT NULL,
	"model_version" text NOT NULL,
	"source" text NOT NULL,
	"recorded_by" text,
	"recorded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rerun_runs_source_check" CHECK ("rerun_runs"."source" in ('ci', 'import')),
	CONSTRAINT "rerun_runs_model_id_check" CHECK (length("rerun_runs"."model_id") between 1 and 200),
	CONSTRAINT "rerun_runs_version_check" CHECK (length("rerun_runs"."model_version") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "rerun_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"provider" text,
	"model_id" text NOT NULL,
	"cadence" text NOT NULL,
	"due_at" timestamp with time zone,
	"overdue_at" timestamp with time zone,
	"set_by" text,
	"set_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rerun_schedules_cadence_check" CHECK ("rerun_schedules"."cadence" in ('weekly', 'monthly', 'model_version')),
	CONSTRAINT "rerun_schedules_model_id_check" CHECK (length("rerun_schedules"."model_id") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "finding_imports" DROP CONSTRAINT "finding_imports_format_check";--> statement-breakpoint
ALTER TABLE "findings" DROP CONSTRAINT "findings_source_tool_check";--> statement-breakpoint
ALTER TABLE "finding_measurements" ADD COLUMN "rerun_id" uuid;--> statement-breakpoint
ALTER TABLE "finding_measurements" ADD COLUMN "turns_used" integer;--> statement-breakpoint
ALTER TABLE "finding_measurements" ADD COLUMN "turn_budget" integer;--> statement-breakpoint
ALTER TABLE "finding_measurements" ADD COLUMN "seed_prompts" integer;--> statement-breakpoint
ALTER TABLE "finding_measurements" ADD COLUMN "effective_trials" double precision;--> statement-breakpoint
ALTER TABLE "rerun_runs" ADD CONSTRAINT "rerun_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rerun_runs" ADD CONSTRAINT "rerun_runs_schedule_id_rerun_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."rerun_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rerun_runs" ADD CONSTRAINT "rerun_runs_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rerun_schedules" ADD CONSTRAINT "rerun_schedules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rerun_schedules" ADD CONSTRAINT "rerun_schedules_set_by_user_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rerun_runs_target_idx" ON "rerun_runs" USING btree ("project_id","model_id","model_version","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rerun_schedules_target_idx" ON "rerun_schedules" USING btree ("project_id","model_id",coalesce("provider", ''));--> statement-breakpoint
CREATE INDEX "rerun_schedules_due_idx" ON "rerun_schedules" USING btree ("due_at");--> statement-breakpoint
ALTER TABLE "finding_measurements" ADD CONSTRAINT "finding_measurements_rerun_id_rerun_runs_id_fk" FOREIGN KEY ("rerun_id") REFERENCES "public"."rerun_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finding_measurements_rerun_idx" ON "finding_measurements" USING btree ("rerun_id");--> statement-breakpoint
ALTER TABLE "finding_imports" ADD CONSTRAINT "finding_imports_format_check" CHECK ("finding_imports"."format" in ('sarif', 'nessus', 'burp', 'zap_xml', 'zap_json', 'nuclei', 'garak', 'promptfoo', 'pyrit', 'csv'));--> statement-breakpoint
ALTER TABLE "finding_measurements" ADD CONSTRAINT "finding_measurements_turns_check" CHECK (("finding_measurements"."turn_budget" is null or "finding_measurements"."turn_budget" >= 1) and ("finding_measurements"."turns_used" is null or "finding_measurements"."turns_used" >= "finding_measurements"."trials")
          and ("finding_measurements"."seed_prompts" is null or "finding_measurements"."seed_prompts" between 1 and "finding_measurements"."trials")
          and ("finding_measurements"."effective_trials" is null or "finding_measurements"."effective_trials" between 1 and "finding_measurements"."trials"));--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_source_tool_check" CHECK ("findings"."source_tool" in ('sarif', 'nessus', 'burp', 'zap_xml', 'zap_json', 'nuclei', 'garak', 'promptfoo', 'pyrit', 'csv'));