CREATE TABLE "judge_validations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"judge_name" text NOT NULL,
	"judge_version" text,
	"judge_model" text,
	"judge_rubric_version" text,
	"true_positives" integer NOT NULL,
	"false_negatives" integer NOT NULL,
	"false_positives" integer NOT NULL,
	"true_negatives" integer NOT NULL,
	"sample_format" text NOT NULL,
	"sample_sha256" text NOT NULL,
	"note" text,
	"recorded_by" text,
	"recorded_by_name" text NOT NULL,
	"validated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "judge_validations_name_check" CHECK (length("judge_validations"."judge_name") between 1 and 200),
	CONSTRAINT "judge_validations_counts_check" CHECK (least("judge_validations"."true_positives", "judge_validations"."false_negatives", "judge_validations"."false_positives", "judge_validations"."true_negatives") >= 0
          and "judge_validations"."true_positives" + "judge_validations"."false_negatives" >= 1 and "judge_validations"."false_positives" + "judge_validations"."true_negatives" >= 1),
	CONSTRAINT "judge_validations_format_check" CHECK ("judge_validations"."sample_format" in ('csv', 'jsonl')),
	CONSTRAINT "judge_validations_sha256_check" CHECK ("judge_validations"."sample_sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "finding_measurements" ADD COLUMN "judge_name" text;--> statement-breakpoint
ALTER TABLE "finding_measurements" ADD COLUMN "judge_version" text;--> statement-breakpoint
ALTER TABLE "finding_measurements" ADD COLUMN "judge_model" text;--> statement-breakpoint
ALTER TABLE "finding_measurements" ADD COLUMN "judge_rubric_version" text;--> statement-breakpoint
ALTER TABLE "finding_measurements" ADD COLUMN "review_sample" integer;--> statement-breakpoint
ALTER TABLE "finding_measurements" ADD COLUMN "review_found" integer;--> statement-breakpoint
ALTER TABLE "finding_measurements" ADD COLUMN "reviewer_name" text;--> statement-breakpoint
ALTER TABLE "judge_validations" ADD CONSTRAINT "judge_validations_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "judge_validations_judge_idx" ON "judge_validations" USING btree ("judge_name","validated_at");--> statement-breakpoint
ALTER TABLE "finding_measurements" ADD CONSTRAINT "finding_measurements_review_check" CHECK (("finding_measurements"."review_sample" is null and "finding_measurements"."review_found" is null and "finding_measurements"."reviewer_name" is null) or
          ("finding_measurements"."review_sample" between 1 and "finding_measurements"."trials" and "finding_measurements"."review_found" between 0 and "finding_measurements"."review_sample" and length("finding_measurements"."reviewer_name") between 1 and 200));