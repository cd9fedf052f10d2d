ALTER TABLE "user" ADD COLUMN "last_sign_in_method" text;--> statement-breakpoint
ALTER TABLE "client_people" ADD COLUMN "joined_through_sso" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_last_sign_in_method_check" CHECK ("user"."last_sign_in_method" in ('password', 'passkey', 'sso'));