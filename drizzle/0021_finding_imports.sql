CREATE TABLE "finding_import_items" (
	"import_id" uuid NOT NULL,
	"finding_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	CONSTRAINT "finding_import_items_import_id_finding_id_pk" PRIMARY KEY("import_id","finding_id"),
	CONSTRAINT "finding_import_items_outcome_check" CHECK ("finding_import_items"."outcome" in ('new', 'known', 'reopened', 'missing'))
);
--> statement-breakpoint
CREATE TABLE "finding_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"storage_key" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"full_scan" boolean DEFAULT false NOT NULL,
	"new_count" integer DEFAULT 0 NOT NULL,
	"known_count" integer DEFAULT 0 NOT NULL,
	"reopened_count" integer DEFAULT 0 NOT NULL,
	"missing_count" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "finding_imports_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "finding_imports_format_check" CHECK ("finding_imports"."format" in ('sarif', 'nessus', 'burp', 'zap_xml', 'zap_json', 'nuclei', 'garak', 'promptfoo', 'csv')),
	CONSTRAINT "finding_imports_state_check" CHECK ("finding_imports"."state" in ('pending', 'applied', 'discarded')),
	CONSTRAINT "finding_imports_size_check" CHECK ("finding_imports"."file_size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "finding_events" DROP CONSTRAINT "finding_events_kind_check";--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "source_tool" text;--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "cwe" integer;--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "owasp_llm" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "atlas" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "not_seen_import_id" uuid;--> statement-breakpoint
ALTER TABLE "finding_import_items" ADD CONSTRAINT "finding_import_items_import_id_finding_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."finding_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_import_items" ADD CONSTRAINT "finding_import_items_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_imports" ADD CONSTRAINT "finding_imports_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_imports" ADD CONSTRAINT "finding_imports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_imports" ADD CONSTRAINT "finding_imports_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finding_import_items_finding_idx" ON "finding_import_items" USING btree ("finding_id");--> statement-breakpoint
CREATE INDEX "finding_imports_project_idx" ON "finding_imports" USING btree ("project_id","created_at");--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_not_seen_import_id_finding_imports_id_fk" FOREIGN KEY ("not_seen_import_id") REFERENCES "public"."finding_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "findings_fingerprint_idx" ON "findings" USING btree ("project_id","fingerprint") WHERE "findings"."fingerprint" is not null;--> statement-breakpoint
ALTER TABLE "finding_events" ADD CONSTRAINT "finding_events_kind_check" CHECK ("finding_events"."kind" in ('created', 'published', 'status', 'retest_requested', 'retest_result', 'risk_accepted', 'risk_acknowledged', 'reopened', 'not_seen'));--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_source_tool_check" CHECK ("findings"."source_tool" in ('sarif', 'nessus', 'burp', 'zap_xml', 'zap_json', 'nuclei', 'garak', 'promptfoo', 'csv'));--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_cwe_check" CHECK ("findings"."cwe" between 1 and 100000);