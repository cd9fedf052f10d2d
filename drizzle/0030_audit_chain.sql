CREATE TABLE "audit_chain_heads" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	"entry_id" bigint,
	"checkpoint_seq" bigint DEFAULT 0 NOT NULL,
	"checkpoint_hash" text NOT NULL,
	"checkpoint_jws" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_chain_signed_heads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	"jws" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "chain_hash" text;--> statement-breakpoint
ALTER TABLE "audit_chain_heads" ADD CONSTRAINT "audit_chain_heads_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_chain_signed_heads" ADD CONSTRAINT "audit_chain_signed_heads_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_chain_signed_heads_client_idx" ON "audit_chain_signed_heads" USING btree ("client_id","signed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_client_chain_idx" ON "audit_log" USING btree ("client_id","chain_seq");