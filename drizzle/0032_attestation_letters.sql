CREATE TABLE "attestation_letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"code" text NOT NULL,
	"facts" jsonb NOT NULL,
	"jws" text NOT NULL,
	"issued_by" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone,
	"superseded_by_id" uuid,
	"revoked_at" timestamp with time zone,
	"verifications" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attestation_letters_code_unique" UNIQUE("code"),
	CONSTRAINT "attestation_letters_code_check" CHECK ("attestation_letters"."code" ~ '^[0-9A-HJKMNP-TV-Z]{10}$'),
	CONSTRAINT "attestation_letters_verifications_check" CHECK ("attestation_letters"."verifications" >= 0)
);
--> statement-breakpoint
CREATE TABLE "attestation_preferences" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attestation_letters" ADD CONSTRAINT "attestation_letters_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestation_letters" ADD CONSTRAINT "attestation_letters_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestation_letters" ADD CONSTRAINT "attestation_letters_issued_by_user_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestation_preferences" ADD CONSTRAINT "attestation_preferences_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attestation_letters_project_idx" ON "attestation_letters" USING btree ("project_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "attestation_letters_client_idx" ON "attestation_letters" USING btree ("client_id","issued_at" DESC NULLS LAST);