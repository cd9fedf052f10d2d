ALTER TABLE "finding_events" DROP CONSTRAINT "finding_events_kind_check";--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "owner_user_id" text;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "findings_owner_idx" ON "findings" USING btree ("owner_user_id") WHERE "findings"."owner_user_id" is not null;--> statement-breakpoint
ALTER TABLE "finding_events" ADD CONSTRAINT "finding_events_kind_check" CHECK ("finding_events"."kind" in ('created', 'published', 'status', 'retest_requested', 'retest_result', 'risk_accepted', 'risk_acknowledged', 'reopened', 'not_seen', 'owner_assigned'));