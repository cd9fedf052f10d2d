CREATE TABLE "api_idempotency_keys" (
	"token_id" uuid NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status_code" integer,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_idempotency_keys_token_id_key_pk" PRIMARY KEY("token_id","key")
);
--> statement-breakpoint
ALTER TABLE "api_tokens" DROP CONSTRAINT "api_tokens_scopes_check";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_events_check";--> statement-breakpoint
ALTER TABLE "webhook_events" DROP CONSTRAINT "webhook_events_type_check";--> statement-breakpoint
ALTER TABLE "api_idempotency_keys" ADD CONSTRAINT "api_idempotency_keys_token_id_api_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."api_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_idempotency_keys_created_idx" ON "api_idempotency_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_scopes_check" CHECK ("api_tokens"."scopes" <@ array['projects:read', 'findings:read', 'findings:write', 'reports:read', 'invoices:read', 'access-log:read', 'webhooks:manage']::text[] and cardinality("api_tokens"."scopes") > 0);--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_events_check" CHECK ("webhook_endpoints"."events" <@ array['finding.published', 'finding.status_changed', 'retest.completed', 'report.published', 'attestation.issued', 'attestation.revoked', 'authorization.sent', 'authorization.signed', 'invoice.created', 'invoice.paid', 'message.received', 'access_log.head_signed']::text[] and cardinality("webhook_endpoints"."events") > 0);--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_type_check" CHECK ("webhook_events"."type" in ('finding.published', 'finding.status_changed', 'retest.completed', 'report.published', 'attestation.issued', 'attestation.revoked', 'authorization.sent', 'authorization.signed', 'invoice.created', 'invoice.paid', 'message.received', 'access_log.head_signed', 'webhook.test'));