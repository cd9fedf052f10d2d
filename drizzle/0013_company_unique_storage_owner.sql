CREATE TABLE "storage_owner" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"claim" uuid NOT NULL,
	"previous_claim" uuid,
	"renewed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "storage_owner_one_row" CHECK ("storage_owner"."id" = 1)
);
--> statement-breakpoint
-- Names that already repeat (ignoring case) would stop the index and with it every start: each copy
-- but the oldest gets the first 8 characters of its id appended, for an admin to rename.
UPDATE "clients" SET "company" = "clients"."company" || ' (' || left("clients"."id"::text, 8) || ')'
FROM (SELECT "id", row_number() OVER (PARTITION BY lower("company") ORDER BY "created_at", "id") AS "n" FROM "clients") AS "repeated"
WHERE "repeated"."id" = "clients"."id" AND "repeated"."n" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_company_lower_unique" ON "clients" USING btree (lower("company"));