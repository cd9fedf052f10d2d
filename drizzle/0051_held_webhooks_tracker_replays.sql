CREATE TABLE "tracker_deliveries" (
	"connection_id" uuid NOT NULL,
	"delivery_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracker_deliveries_connection_id_delivery_id_pk" PRIMARY KEY("connection_id","delivery_id")
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_status_check";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "older_sealed_secret" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "older_secret_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tracker_deliveries" ADD CONSTRAINT "tracker_deliveries_connection_id_tracker_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."tracker_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracker_deliveries_received_idx" ON "tracker_deliveries" USING btree ("connection_id","received_at");--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('pending', 'succeeded', 'failed', 'held', 'skipped'));