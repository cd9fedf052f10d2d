CREATE TABLE "share_copies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"recipient_id" uuid NOT NULL,
	"share_item_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_copies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "share_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"share_item_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"page" integer,
	"client_address" text NOT NULL,
	"user_agent" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_events_kind_check" CHECK ("share_events"."kind" in ('view', 'download'))
);
--> statement-breakpoint
CREATE TABLE "share_forbidden_projects" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"forbidden_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"share_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"label" text NOT NULL,
	"project_id" uuid,
	CONSTRAINT "share_items_kind_check" CHECK ("share_items"."kind" in ('report', 'letter'))
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"recipient_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"share_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"revoked_at" timestamp with time zone,
	"nda_accepted_at" timestamp with time zone,
	"nda_name" text,
	"nda_address" text,
	"nda_user_agent" text,
	"nda_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"recipient_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"created_by_user_id" text,
	"created_by_name" text NOT NULL,
	"message" text,
	"mode" text NOT NULL,
	"nda_kind" text NOT NULL,
	"nda_text" text,
	"nda_sha256" text,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shares_mode_check" CHECK ("shares"."mode" in ('view', 'download')),
	CONSTRAINT "shares_nda_kind_check" CHECK ("shares"."nda_kind" in ('none', 'standard', 'own'))
);
--> statement-breakpoint
CREATE TABLE "sharing_settings" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"members_may_share" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_tokens" DROP CONSTRAINT "api_tokens_scopes_check";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_events_check";--> statement-breakpoint
ALTER TABLE "webhook_events" DROP CONSTRAINT "webhook_events_type_check";--> statement-breakpoint
ALTER TABLE "share_copies" ADD CONSTRAINT "share_copies_recipient_id_share_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."share_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_copies" ADD CONSTRAINT "share_copies_share_item_id_share_items_id_fk" FOREIGN KEY ("share_item_id") REFERENCES "public"."share_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_events" ADD CONSTRAINT "share_events_recipient_id_share_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."share_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_events" ADD CONSTRAINT "share_events_share_item_id_share_items_id_fk" FOREIGN KEY ("share_item_id") REFERENCES "public"."share_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_forbidden_projects" ADD CONSTRAINT "share_forbidden_projects_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_forbidden_projects" ADD CONSTRAINT "share_forbidden_projects_forbidden_by_user_id_fk" FOREIGN KEY ("forbidden_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_items" ADD CONSTRAINT "share_items_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_items" ADD CONSTRAINT "share_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_recipient_id_share_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."share_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_recipients" ADD CONSTRAINT "share_recipients_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_sessions" ADD CONSTRAINT "share_sessions_recipient_id_share_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."share_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_settings" ADD CONSTRAINT "sharing_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_copies_recipient_idx" ON "share_copies" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "share_events_recipient_idx" ON "share_events" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "share_items_share_idx" ON "share_items" USING btree ("share_id");--> statement-breakpoint
CREATE INDEX "share_recipients_share_idx" ON "share_recipients" USING btree ("share_id");--> statement-breakpoint
CREATE INDEX "share_recipients_email_idx" ON "share_recipients" USING btree ("email");--> statement-breakpoint
CREATE INDEX "share_sessions_recipient_idx" ON "share_sessions" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "shares_client_idx" ON "shares" USING btree ("client_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_scopes_check" CHECK ("api_tokens"."scopes" <@ array['projects:read', 'findings:read', 'findings:write', 'reports:read', 'invoices:read', 'access-log:read', 'webhooks:manage', 'shares:read', 'shares:write']::text[] and cardinality("api_tokens"."scopes") > 0);--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_events_check" CHECK ("webhook_endpoints"."events" <@ array['finding.published', 'finding.status_changed', 'retest.completed', 'report.published', 'attestation.issued', 'attestation.revoked', 'authorization.sent', 'authorization.signed', 'invoice.created', 'invoice.paid', 'message.received', 'access_log.head_signed', 'share.viewed']::text[] and cardinality("webhook_endpoints"."events") > 0);--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_type_check" CHECK ("webhook_events"."type" in ('finding.published', 'finding.status_changed', 'retest.completed', 'report.published', 'attestation.issued', 'attestation.revoked', 'authorization.sent', 'authorization.signed', 'invoice.created', 'invoice.paid', 'message.received', 'access_log.head_signed', 'share.viewed', 'webhook.test'));