ALTER TABLE "finding_events" DROP CONSTRAINT "finding_events_kind_check";--> statement-breakpoint
ALTER TABLE "finding_events" DROP CONSTRAINT "finding_events_from_status_check";--> statement-breakpoint
ALTER TABLE "finding_events" DROP CONSTRAINT "finding_events_to_status_check";--> statement-breakpoint
ALTER TABLE "findings" DROP CONSTRAINT "findings_status_check";--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "outcome_reason" text;--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "duplicate_of_id" uuid;--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "agreed_by_name" text;--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "agreed_on" date;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_duplicate_of_id_findings_id_fk" FOREIGN KEY ("duplicate_of_id") REFERENCES "public"."findings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_events" ADD CONSTRAINT "finding_events_kind_check" CHECK ("finding_events"."kind" in ('created', 'published', 'status', 'retest_requested', 'retest_result', 'risk_accepted', 'risk_acknowledged', 'reopened', 'not_seen', 'owner_assigned', 'outcome', 'withdrawn', 'outcome_undone'));--> statement-breakpoint
ALTER TABLE "finding_events" ADD CONSTRAINT "finding_events_from_status_check" CHECK ("finding_events"."from_status" in ('draft', 'open', 'in_remediation', 'fixed_pending_retest', 'verified_fixed', 'still_open', 'risk_accepted', 'wont_fix', 'false_positive', 'duplicate', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "finding_events" ADD CONSTRAINT "finding_events_to_status_check" CHECK ("finding_events"."to_status" in ('draft', 'open', 'in_remediation', 'fixed_pending_retest', 'verified_fixed', 'still_open', 'risk_accepted', 'wont_fix', 'false_positive', 'duplicate', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_duplicate_of_check" CHECK ("findings"."duplicate_of_id" is null or ("findings"."status" = 'duplicate' and "findings"."duplicate_of_id" <> "findings"."id"));--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_status_check" CHECK ("findings"."status" in ('draft', 'open', 'in_remediation', 'fixed_pending_retest', 'verified_fixed', 'still_open', 'risk_accepted', 'wont_fix', 'false_positive', 'duplicate', 'withdrawn'));