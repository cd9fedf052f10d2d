CREATE TABLE "finding_template_rules" (
	"template_id" uuid NOT NULL,
	"rule_id" text NOT NULL,
	CONSTRAINT "finding_template_rules_template_id_rule_id_pk" PRIMARY KEY("template_id","rule_id")
);
--> statement-breakpoint
CREATE TABLE "finding_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"remediation" text DEFAULT '' NOT NULL,
	"references" text DEFAULT '' NOT NULL,
	"cwe" integer,
	"cvss_vector" text,
	"cvss_score_tenths" smallint,
	"severity" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"owasp_llm" text[] DEFAULT '{}'::text[] NOT NULL,
	"atlas" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finding_templates_severity_check" CHECK ("finding_templates"."severity" in ('critical', 'high', 'medium', 'low', 'informational')),
	CONSTRAINT "finding_templates_cvss_score_check" CHECK ("finding_templates"."cvss_score_tenths" between 0 and 100),
	CONSTRAINT "finding_templates_cwe_check" CHECK ("finding_templates"."cwe" between 1 and 100000)
);
--> statement-breakpoint
ALTER TABLE "finding_template_rules" ADD CONSTRAINT "finding_template_rules_template_id_finding_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."finding_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "finding_template_rules_rule_idx" ON "finding_template_rules" USING btree (lower("rule_id"));