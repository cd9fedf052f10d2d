CREATE TABLE "signing_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"kid" text NOT NULL,
	"public_key_pem" text NOT NULL,
	"certificate_pem" text,
	"private_key_sealed" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "signing_keys_kid_unique" UNIQUE("kid"),
	CONSTRAINT "signing_keys_purpose_check" CHECK ("signing_keys"."purpose" in ('pdf', 'jws')),
	CONSTRAINT "signing_keys_source_check" CHECK ("signing_keys"."source" in ('generated', 'environment'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "signing_keys_one_current_idx" ON "signing_keys" USING btree ("purpose") WHERE "signing_keys"."retired_at" IS NULL;