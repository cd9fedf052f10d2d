import { timestamp, uuid } from "drizzle-orm/pg-core";

// Column builders shared by the tables. Each call returns a fresh builder: a builder belongs to
// the one table it is put in. The SQL is the same as the columns written out by hand, so the
// migrations do not change (scripts/check-migrations.mjs).

/** `id uuid primary key default gen_random_uuid()`. */
export const uuidPrimaryKey = () => uuid("id").primaryKey().defaultRandom();

/** `created_at timestamptz not null default now()`. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** `updated_at timestamptz not null default now()`, set again by Drizzle on every update. */
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** The createdAt / updatedAt pair most tables carry. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
