import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { findingImports } from "@/features/imports/server/schema/imports";
import { findingRetests, findings } from "@/features/findings/server/schema/records";
import { rerunRuns } from "./reruns";
import { user } from "@/features/identity/server/schema";
import { projects } from "@/features/projects/server/schema";
import { MEASUREMENT_SOURCES, MEASUREMENT_TRIALS_MAX } from "@/lib/domain/finding-measurement";
import { createdAt, uuidPrimaryKey } from "@/server/core/db/schema/columns";
import { oneOf } from "@/server/core/db/schema/one-of";

const sha256Check = (name: string, column: AnyPgColumn) => check(name, sql`${column} ~ '^[0-9a-f]{64}$'`);

/**
 * How often an attack on an AI finding succeeded (docs/PRODUCT.md#measured-ai-findings): k successes
 * in n trials on a named model version, from an import, a retest, the firm by hand or (later) the
 * client's CI. Never overwritten: each run is a new row, so the finding's history is its rows. The
 * system prompt, tool manifest and guardrail configuration are identified by their SHA-256 only.
 */
export const findingMeasurements = pgTable(
  "finding_measurements",
  {
    id: uuidPrimaryKey(),
    findingId: uuid("finding_id")
      .notNull()
      .references(() => findings.id, { onDelete: "cascade" }),
    source: text("source", { enum: MEASUREMENT_SOURCES }).notNull(),
    trials: integer("trials").notNull(),
    successes: integer("successes").notNull(),
    provider: text("provider"),
    modelId: text("model_id"),
    // A version name or a date, as the provider names it ("2026-10", "20241022").
    modelVersion: text("model_version"),
    systemPromptSha256: text("system_prompt_sha256"),
    toolManifestSha256: text("tool_manifest_sha256"),
    guardrailConfigSha256: text("guardrail_config_sha256"),
    probe: text("probe"),
    detector: text("detector"),
    // The judge that called each trial a success (docs/PRODUCT.md#measured-ai-findings): its name
    // (the detector's when none is given), version, and for an LLM judge its model and rubric.
    judgeName: text("judge_name"),
    judgeVersion: text("judge_version"),
    judgeModel: text("judge_model"),
    judgeRubricVersion: text("judge_rubric_version"),
    // A person's reading of a stated sample of the outputs: how many, the successes found, who.
    reviewSample: integer("review_sample"),
    reviewFound: integer("review_found"),
    reviewerName: text("reviewer_name"),
    importId: uuid("import_id").references(() => findingImports.id, { onDelete: "set null" }),
    retestId: uuid("retest_id").references(() => findingRetests.id, { onDelete: "set null" }),
    // An import's run (the file's SHA-256): the same file imported again adds no second measurement.
    runKey: text("run_key"),
    // A scheduled re-run's run this count belongs to (docs/PRODUCT.md#measured-ai-findings).
    rerunId: uuid("rerun_id").references(() => rerunRuns.id, { onDelete: "set null" }),
    // Multi-turn trials: each trial a conversation; the turns all of them used, the budget each had,
    // and the seed prompts the conversations started from (clusters: several trials may share one).
    turnsUsed: integer("turns_used"),
    turnBudget: integer("turn_budget"),
    seedPrompts: integer("seed_prompts"),
    // The trials' worth once their clustering by seed prompt is counted (cluster-robust variance).
    effectiveTrials: doublePrecision("effective_trials"),
    recordedBy: text("recorded_by").references(() => user.id, { onDelete: "set null" }),
    recordedByName: text("recorded_by_name").notNull(),
    measuredAt: timestamp("measured_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    check("finding_measurements_source_check", oneOf(t.source, MEASUREMENT_SOURCES)),
    check("finding_measurements_trials_check", sql`${t.trials} between 1 and ${sql.raw(String(MEASUREMENT_TRIALS_MAX))}`),
    check("finding_measurements_successes_check", sql`${t.successes} between 0 and ${t.trials}`),
    sha256Check("finding_measurements_system_prompt_check", t.systemPromptSha256),
    sha256Check("finding_measurements_tool_manifest_check", t.toolManifestSha256),
    sha256Check("finding_measurements_guardrail_config_check", t.guardrailConfigSha256),
    check(
      "finding_measurements_review_check",
      sql`(${t.reviewSample} is null and ${t.reviewFound} is null and ${t.reviewerName} is null) or
          (${t.reviewSample} between 1 and ${t.trials} and ${t.reviewFound} between 0 and ${t.reviewSample} and length(${t.reviewerName}) between 1 and 200)`,
    ),
    check(
      "finding_measurements_turns_check",
      sql`(${t.turnBudget} is null or ${t.turnBudget} >= 1) and (${t.turnsUsed} is null or ${t.turnsUsed} >= ${t.trials})
          and (${t.seedPrompts} is null or ${t.seedPrompts} between 1 and ${t.trials})
          and (${t.effectiveTrials} is null or ${t.effectiveTrials} between 1 and ${t.trials})`,
    ),
    index("finding_measurements_rerun_idx").on(t.rerunId),
    index("finding_measurements_finding_idx").on(t.findingId, t.measuredAt),
    uniqueIndex("finding_measurements_run_idx")
      .on(t.findingId, t.runKey)
      .where(sql`${t.runKey} is not null`),
  ],
);

/**
 * The model version a client runs now, per engagement target (docs/PRODUCT.md#measured-ai-findings):
 * a target is a provider and model id as the measurements name them. Rows are only ever added, so
 * the history (who, when, which version) is the rows; the current version is a target's newest.
 * A Verified Fixed finding whose latest measurement on the target names another version is "Not
 * verified on the version you run now". No client id: the project's is read, so a project that
 * moves takes its versions with it.
 */
export const engagementModelVersions = pgTable(
  "engagement_model_versions",
  {
    id: uuidPrimaryKey(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    // As in finding_measurements: a provider may be unnamed (the demo's gateway is the client's own).
    provider: text("provider"),
    modelId: text("model_id").notNull(),
    modelVersion: text("model_version").notNull(),
    // The person, or null for an API token (its name is in recorded_by_name).
    recordedBy: text("recorded_by").references(() => user.id, { onDelete: "set null" }),
    recordedByName: text("recorded_by_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("engagement_model_versions_model_id_check", sql`length(${t.modelId}) between 1 and 200`),
    check("engagement_model_versions_version_check", sql`length(${t.modelVersion}) between 1 and 100`),
    index("engagement_model_versions_target_idx").on(t.projectId, t.modelId, t.provider, t.createdAt),
  ],
);
