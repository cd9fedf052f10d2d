CREATE TABLE "invoice_line_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"quantity" text NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"note" text,
	CONSTRAINT "invoice_line_items_amount_check" CHECK ("invoice_line_items"."unit_price_cents" >= 0 and "invoice_line_items"."total_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "firm_name" text;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "firm_address" text;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_line_items_position_idx" ON "invoice_line_items" USING btree ("invoice_id","position");