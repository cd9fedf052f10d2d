import { sql } from "drizzle-orm";
import { boolean, check, date, index, pgTable, text } from "drizzle-orm/pg-core";
import { ownedByClient } from "@/features/clients/server/schema";
import { PROJECT_STATUSES } from "@/lib/domain/project-status";
import { timestamps, uuidPrimaryKey } from "@/server/core/db/schema/columns";
import { oneOf } from "@/server/core/db/schema/one-of";

// total_estimated_value is not stored: it is derived from the linked invoices (docs/PRODUCT.md#rules-project-figures).
export const projects = pgTable(
  "projects",
  {
    id: uuidPrimaryKey(),
    clientId: ownedByClient(),
    projectName: text("project_name").notNull(),
    description: text("description"),
    status: text("status", { enum: PROJECT_STATUSES }).notNull().default("open"),
    startDate: date("start_date")
      .notNull()
      .default(sql`current_date`),
    targetCompletionDate: date("target_completion_date"),
    notes: text("notes"),
    // Set for every project created since signed authorizations exist: it cannot move to In
    // Progress, nor take imported or published findings, before its authorization is signed by
    // both sides (docs/PRODUCT.md#engagement-authorization). Older projects are left ungated.
    authorizationRequired: boolean("authorization_required").notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    check("projects_status_check", oneOf(t.status, PROJECT_STATUSES)),
    index("projects_client_target_idx").on(t.clientId, t.targetCompletionDate.desc()),
    index("projects_status_target_idx").on(t.status, t.targetCompletionDate),
  ],
);
