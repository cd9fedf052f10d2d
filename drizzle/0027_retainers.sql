CREATE TABLE "retainer_months" (
	"retainer_id" uuid NOT NULL,
	"month" date NOT NULL,
	"billable_minutes" integer DEFAULT 0 NOT NULL,
	"non_billable_minutes" integer DEFAULT 0 NOT NULL,
	"overage_minutes" integer DEFAULT 0 NOT NULL,
	"notified_thresholds" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"invoice_id" uuid,
	CONSTRAINT "retainer_months_retainer_id_month_pk" PRIMARY KEY("retainer_id","month"),
	CONSTRAINT "retainer_months_first_day_check" CHECK (extract(day from "retainer_months"."month") = 1)
);
--> statement-breakpoint
CREATE TABLE "retainer_overage_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"retainer_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"work_date" date NOT NULL,
	"minutes" integer NOT NULL,
	"person" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" text,
	"decided_by" text,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"time_entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retainer_overage_requests_status_check" CHECK ("retainer_overage_requests"."status" in ('pending', 'approved', 'declined')),
	CONSTRAINT "retainer_overage_requests_minutes_check" CHECK ("retainer_overage_requests"."minutes" > 0 and "retainer_overage_requests"."minutes" <= 1440 and "retainer_overage_requests"."minutes" % 15 = 0)
);
--> statement-breakpoint
CREATE TABLE "retainers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"monthly_minutes" integer NOT NULL,
	"hourly_rate_cents" bigint NOT NULL,
	"overage_rate_cents" bigint NOT NULL,
	"start_date" date NOT NULL,
	"carry_over_max_minutes" integer DEFAULT 0 NOT NULL,
	"carry_over_months" integer DEFAULT 0 NOT NULL,
	"thresholds" integer[] DEFAULT '{80,100}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retainers_client_id_unique" UNIQUE("client_id"),
	CONSTRAINT "retainers_figures_check" CHECK ("retainers"."monthly_minutes" > 0 and "retainers"."monthly_minutes" % 15 = 0 and "retainers"."hourly_rate_cents" >= 0 and "retainers"."overage_rate_cents" >= 0
        and "retainers"."carry_over_max_minutes" >= 0 and "retainers"."carry_over_max_minutes" % 15 = 0 and "retainers"."carry_over_months" >= 0)
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"retainer_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"work_date" date NOT NULL,
	"minutes" integer NOT NULL,
	"person" text NOT NULL,
	"description" text NOT NULL,
	"billable" boolean NOT NULL,
	"overage" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_entries_minutes_check" CHECK ("time_entries"."minutes" > 0 and "time_entries"."minutes" <= 1440 and "time_entries"."minutes" % 15 = 0)
);
--> statement-breakpoint
ALTER TABLE "retainer_months" ADD CONSTRAINT "retainer_months_retainer_id_retainers_id_fk" FOREIGN KEY ("retainer_id") REFERENCES "public"."retainers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retainer_months" ADD CONSTRAINT "retainer_months_closed_by_user_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retainer_months" ADD CONSTRAINT "retainer_months_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retainer_overage_requests" ADD CONSTRAINT "retainer_overage_requests_retainer_id_retainers_id_fk" FOREIGN KEY ("retainer_id") REFERENCES "public"."retainers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retainer_overage_requests" ADD CONSTRAINT "retainer_overage_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retainer_overage_requests" ADD CONSTRAINT "retainer_overage_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retainer_overage_requests" ADD CONSTRAINT "retainer_overage_requests_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retainer_overage_requests" ADD CONSTRAINT "retainer_overage_requests_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retainer_overage_requests" ADD CONSTRAINT "retainer_overage_requests_time_entry_id_time_entries_id_fk" FOREIGN KEY ("time_entry_id") REFERENCES "public"."time_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retainers" ADD CONSTRAINT "retainers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_retainer_id_retainers_id_fk" FOREIGN KEY ("retainer_id") REFERENCES "public"."retainers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retainer_overage_requests_retainer_idx" ON "retainer_overage_requests" USING btree ("retainer_id","status","work_date");--> statement-breakpoint
CREATE INDEX "time_entries_retainer_date_idx" ON "time_entries" USING btree ("retainer_id","work_date","id");