import { check, index, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { findings } from "@/features/findings/server/schema/records";
import { FINDING_IMPORT_OUTCOMES } from "@/lib/domain/finding-import-history";
import { oneOf } from "@/server/core/db/schema/one-of";
import { findingImports } from "./imports";

/** Which findings an applied import created, saw again, reopened or did not see: their history. */
export const findingImportItems = pgTable(
  "finding_import_items",
  {
    importId: uuid("import_id")
      .notNull()
      .references(() => findingImports.id, { onDelete: "cascade" }),
    findingId: uuid("finding_id")
      .notNull()
      .references(() => findings.id, { onDelete: "cascade" }),
    outcome: text("outcome", { enum: FINDING_IMPORT_OUTCOMES }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.findingId] }),
    check("finding_import_items_outcome_check", oneOf(t.outcome, FINDING_IMPORT_OUTCOMES)),
    index("finding_import_items_finding_idx").on(t.findingId),
  ],
);
