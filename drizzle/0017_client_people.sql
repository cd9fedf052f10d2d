CREATE TABLE "client_people" (
	"user_id" text PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"added_by_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_people_role_check" CHECK ("client_people"."role" in ('owner', 'member')),
	CONSTRAINT "client_people_status_check" CHECK ("client_people"."status" in ('invited', 'active', 'deactivated'))
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "billing_withheld_from_members" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "client_people" ADD CONSTRAINT "client_people_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_people" ADD CONSTRAINT "client_people_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_people_client_idx" ON "client_people" USING btree ("client_id");--> statement-breakpoint
-- Every existing company's one sign-in user becomes its owner.
INSERT INTO "client_people" ("user_id", "client_id", "role", "status", "added_by_admin") SELECT "user_id", "id", 'owner', 'active', true FROM "clients";--> statement-breakpoint
ALTER TABLE "clients" DROP CONSTRAINT "clients_user_id_unique";--> statement-breakpoint
ALTER TABLE "clients" DROP CONSTRAINT "clients_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "clients" DROP COLUMN "user_id";