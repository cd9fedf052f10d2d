CREATE TABLE "square_customers" (
	"square_customer_id" text PRIMARY KEY NOT NULL,
	"client_id" uuid,
	"display_name" text,
	"email" text,
	"link_source" text,
	"linked_at" timestamp with time zone,
	"linked_by_user_id" text,
	"ignored_at" timestamp with time zone,
	"conflict" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "square_customers_link_check" CHECK ("square_customers"."client_id" is null or "square_customers"."ignored_at" is null),
	CONSTRAINT "square_customers_source_check" CHECK ("square_customers"."link_source" is null or "square_customers"."link_source" in ('admin', 'email_match', 'backfill'))
);
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "billing_email" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "square_customer_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "square_version" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "square_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_subscriptions" ADD COLUMN "square_version" bigint;--> statement-breakpoint
ALTER TABLE "square_customers" ADD CONSTRAINT "square_customers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "square_customers" ADD CONSTRAINT "square_customers_linked_by_user_id_user_id_fk" FOREIGN KEY ("linked_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "square_customers_client_idx" ON "square_customers" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "invoices_square_customer_idx" ON "invoices" USING btree ("square_customer_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_owner_check" CHECK ("invoices"."client_id" is not null or "invoices"."square_invoice_id" is not null);