import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "@/server/core/db/schema/columns";

// The analytics' one table (docs/PRODUCT.md#analytics): the firm's figures as last computed, kept
// while the findings they were computed from are unchanged (server/firm-snapshots.ts).

/** One computed view of the firm's analytics: its filters and hour (`key`), and the data it was computed from (`stamp`). */
export const analyticsSnapshots = pgTable("analytics_snapshots", {
  key: text("key").primaryKey(),
  stamp: text("stamp").notNull(),
  /** The figures as JSON, and the companies whose findings they count (for the access log). */
  payload: jsonb("payload").$type<{ figures: unknown; clientIds: string[] }>().notNull(),
  createdAt: createdAt(),
});
