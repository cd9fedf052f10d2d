import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ownedByClient } from "@/features/clients/server/schema";
import { user } from "@/features/identity/server/schema";
import { projects } from "@/features/projects/server/schema";
import { IMPORT_FORMATS } from "@/lib/domain/finding-import";
import { FINDING_IMPORT_STATES } from "@/lib/domain/finding-import-history";
import { createdAt, uuidPrimaryKey } from "@/server/core/db/schema/columns";
import { oneOf } from "@/server/core/db/schema/one-of";

// The imports' own table (the findings' tables name it in foreign keys, so it names none of theirs:
// its items, which do, are in items.ts).

/**
 * A scan file imported into an engagement (docs/PRODUCT.md#admin-findings): first a preview
 * (pending, the file kept in storage), then applied or discarded. The counts are the preview's
 * until it is applied, then what the import did.
 */
export const findingImports = pgTable(
  "finding_imports",
  {
    id: uuidPrimaryKey(),
    clientId: ownedByClient(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    format: text("format", { enum: IMPORT_FORMATS }).notNull(),
    fileName: text("file_name").notNull(),
    fileSize: bigint("file_size", { mode: "number" }).notNull(),
    // The uploaded file while the import is pending; removed once it is applied or discarded.
    storageKey: text("storage_key").unique(),
    state: text("state", { enum: FINDING_IMPORT_STATES }).notNull().default("pending"),
    fullScan: boolean("full_scan").notNull().default(false),
    newCount: integer("new_count").notNull().default(0),
    knownCount: integer("known_count").notNull().default(0),
    reopenedCount: integer("reopened_count").notNull().default(0),
    missingCount: integer("missing_count").notNull().default(0),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdByName: text("created_by_name").notNull(),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    check("finding_imports_format_check", oneOf(t.format, IMPORT_FORMATS)),
    check("finding_imports_state_check", oneOf(t.state, FINDING_IMPORT_STATES)),
    check("finding_imports_size_check", sql`${t.fileSize} >= 0`),
    index("finding_imports_project_idx").on(t.projectId, t.createdAt),
  ],
);
