CREATE TABLE "sso_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_domains_lower_check" CHECK ("sso_domains"."domain" = lower("sso_domains"."domain"))
);
--> statement-breakpoint
CREATE TABLE "sso_provider" (
	"id" text PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"oidc_config" text,
	"saml_config" text,
	"user_id" text,
	"provider_id" text NOT NULL,
	"organization_id" text,
	"domain" text NOT NULL,
	"client_id" uuid NOT NULL,
	CONSTRAINT "sso_provider_provider_id_unique" UNIQUE("provider_id")
);
--> statement-breakpoint
CREATE TABLE "sso_settings" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'off' NOT NULL,
	"just_in_time" boolean DEFAULT false NOT NULL,
	"session_hours" integer DEFAULT 12 NOT NULL,
	"tested_at" timestamp with time zone,
	"tested_by_name" text,
	"tested_as" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_settings_mode_check" CHECK ("sso_settings"."mode" in ('off', 'allowed', 'required')),
	CONSTRAINT "sso_settings_hours_check" CHECK ("sso_settings"."session_hours" between 1 and 168),
	CONSTRAINT "sso_settings_tested_check" CHECK ("sso_settings"."mode" = 'off' or "sso_settings"."tested_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "sso_auth_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_provider" ADD CONSTRAINT "sso_provider_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_provider" ADD CONSTRAINT "sso_provider_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_settings" ADD CONSTRAINT "sso_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_client_domain_idx" ON "sso_domains" USING btree ("client_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_verified_idx" ON "sso_domains" USING btree ("domain") WHERE "sso_domains"."verified_at" is not null;--> statement-breakpoint
CREATE INDEX "sso_domains_domain_idx" ON "sso_domains" USING btree ("domain");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_provider_client_idx" ON "sso_provider" USING btree ("client_id");