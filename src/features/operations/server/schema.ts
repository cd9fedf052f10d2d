// Tables the product needs beyond its core entities: inquiries, mail, provider connection, audit.
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

// Last run of a periodic task shared by every instance (e.g. the daily retention): claimed by an
// upsert, so only one instance runs it per period.
export const taskRuns = pgTable("task_runs", {
  name: text("name").primaryKey(),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }).notNull(),
});

// This database's claim on the document store (src/features/operations/server/ownership.ts): one row, the
// current claim (also written into the store's marker object) and the one before it, renewed every
// few minutes so that a copy of this database restored from a backup holds a stale claim.
export const storageOwner = pgTable(
  "storage_owner",
  {
    id: integer("id").primaryKey().default(1),
    claim: uuid("claim").notNull(),
    previousClaim: uuid("previous_claim"),
    renewedAt: timestamp("renewed_at", { withTimezone: true }).notNull(),
  },
  (t) => [check("storage_owner_one_row", sql`${t.id} = 1`)],
);
