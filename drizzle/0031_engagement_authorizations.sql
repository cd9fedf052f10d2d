CREATE TABLE "engagement_authorization_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"authorization_id" uuid NOT NULL,
	"side" text NOT NULL,
	"user_id" text,
	"signer_name" text NOT NULL,
	"signer_email" text NOT NULL,
	"method" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_address" text NOT NULL,
	"document_hash" text NOT NULL,
	CONSTRAINT "engagement_authorization_signatures_one_per_side_key" UNIQUE("authorization_id","side"),
	CONSTRAINT "engagement_authorization_signatures_side_check" CHECK ("engagement_authorization_signatures"."side" in ('client', 'firm')),
	CONSTRAINT "engagement_authorization_signatures_method_check" CHECK ("engagement_authorization_signatures"."method" in ('second_factor', 'password'))
);
--> statement-breakpoint
CREATE TABLE "engagement_authorizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"document_hash" text,
	"sent_at" timestamp with time zone,
	"sealed_key" text,
	"sealed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "engagement_authorizations_sealed_key_unique" UNIQUE("sealed_key"),
	CONSTRAINT "engagement_authorizations_project_version_key" UNIQUE("project_id","version"),
	CONSTRAINT "engagement_authorizations_version_check" CHECK ("engagement_authorizations"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "authorization_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "authorization_terms" text;--> statement-breakpoint
ALTER TABLE "engagement_authorization_signatures" ADD CONSTRAINT "engagement_authorization_signatures_authorization_id_engagement_authorizations_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "public"."engagement_authorizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_authorization_signatures" ADD CONSTRAINT "engagement_authorization_signatures_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_authorizations" ADD CONSTRAINT "engagement_authorizations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_authorizations" ADD CONSTRAINT "engagement_authorizations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engagement_authorizations_client_idx" ON "engagement_authorizations" USING btree ("client_id");