CREATE TABLE "analytics_snapshots" (
	"key" text PRIMARY KEY NOT NULL,
	"stamp" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
