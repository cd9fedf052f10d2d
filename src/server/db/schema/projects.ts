import { sql } from "drizzle-orm";
import { check, date, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { PROJECT_STATUSES } from "../../../lib/domain/project-status";
import { clients } from "./clients";
import { oneOf } from "./one-of";

// total_estimated_value is not stored: it is derived from the linked invoices (docs/PRODUCT.md#rules-project-figures).
export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    projectName: text("project_name").notNull(),
    description: text("description"),
    status: text("status", { enum: PROJECT_STATUSES }).notNull().default("open"),
    startDate: date("start_date").notNull().default(sql`current_date`),
    targetCompletionDate: date("target_completion_date"),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check("projects_status_check", oneOf(t.status, PROJECT_STATUSES)),
    index("projects_client_target_idx").on(t.clientId, t.targetCompletionDate.desc()),
    index("projects_status_target_idx").on(t.status, t.targetCompletionDate),
  ],
);
