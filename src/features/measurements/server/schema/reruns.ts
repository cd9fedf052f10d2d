import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "@/features/identity/server/schema";
import { projects } from "@/features/projects/server/schema";
import { RERUN_CADENCES, RERUN_SOURCES } from "@/lib/domain/rerun";
import { createdAt, timestamps, uuidPrimaryKey } from "@/server/core/db/schema/columns";
import { oneOf } from "@/server/core/db/schema/one-of";

/**
 * A schedule of re-runs of an engagement target's reproducers (docs/PRODUCT.md#measured-ai-findings):
 * weekly, monthly or on each model version the client records. `due_at` is when the next run is
 * expected (null for a version schedule with no version waiting); `overdue_at` is set by the
 * periodic job when it passed without a run, cleared by the next run. One schedule per target
 * (provider, model id) of an engagement; set by the firm or an owner of the company.
 */
export const rerunSchedules = pgTable(
  "rerun_schedules",
  {
    id: uuidPrimaryKey(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    provider: text("provider"),
    modelId: text("model_id").notNull(),
    cadence: text("cadence", { enum: RERUN_CADENCES }).notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }),
    overdueAt: timestamp("overdue_at", { withTimezone: true }),
    setBy: text("set_by").references(() => user.id, { onDelete: "set null" }),
    setByName: text("set_by_name").notNull(),
    ...timestamps(),
  },
  (t) => [
    check("rerun_schedules_cadence_check", oneOf(t.cadence, RERUN_CADENCES)),
    check("rerun_schedules_model_id_check", sql`length(${t.modelId}) between 1 and 200`),
    uniqueIndex("rerun_schedules_target_idx").on(t.projectId, t.modelId, sql`coalesce(${t.provider}, '')`),
    index("rerun_schedules_due_idx").on(t.dueAt),
  ],
);

/**
 * One run of a target's reproducers on one model version: the client's CI posting through the
 * company API, or a file the firm imported. Its counts are the finding measurements naming it;
 * it is compared with the target's previous run on the same version. Rows are only ever added.
 */
export const rerunRuns = pgTable(
  "rerun_runs",
  {
    id: uuidPrimaryKey(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    scheduleId: uuid("schedule_id").references(() => rerunSchedules.id, { onDelete: "set null" }),
    provider: text("provider"),
    modelId: text("model_id").notNull(),
    modelVersion: text("model_version").notNull(),
    source: text("source", { enum: RERUN_SOURCES }).notNull(),
    // The person, or null for an API token (its name is in recorded_by_name).
    recordedBy: text("recorded_by").references(() => user.id, { onDelete: "set null" }),
    recordedByName: text("recorded_by_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("rerun_runs_source_check", oneOf(t.source, RERUN_SOURCES)),
    check("rerun_runs_model_id_check", sql`length(${t.modelId}) between 1 and 200`),
    check("rerun_runs_version_check", sql`length(${t.modelVersion}) between 1 and 100`),
    index("rerun_runs_target_idx").on(t.projectId, t.modelId, t.modelVersion, t.createdAt),
  ],
);
