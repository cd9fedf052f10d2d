ALTER TABLE "audit_log" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_email" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Hand-written backfill: what the log showed until now (the actor's current name and e-mail) is stored on each entry, so a later rename changes nothing shown. These entries keep hash version 1: their hashes do not cover the stored name and stay as they were.
UPDATE "audit_log" SET "actor_name" = u."name", "actor_email" = u."email" FROM "user" u WHERE u."id" = "audit_log"."actor_user_id";
