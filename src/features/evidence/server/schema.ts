// The evidence slice's tables (docs/PRODUCT.md#evidence-packs): test plans and their versions, the
// plan an engagement adopted, its coverage record, the links from findings and measurements to
// cases, and the evidence packs issued.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "@/features/identity/server/schema";
import { ownedByClient } from "@/features/clients/server/schema";
import { createdAt, uuidPrimaryKey } from "@/server/core/db/schema/columns";
import { findingMeasurements } from "@/features/measurements/server/schema/measurements";
import { findings } from "@/features/findings/server/schema/records";
import { oneOf } from "@/server/core/db/schema/one-of";
import { projects } from "@/features/projects/server/schema";
import { reports } from "@/features/reports/server/schema";
import { CASE_STATUSES } from "../validation/coverage-status";

/** A test-plan template of the firm; its content lives in its versions. */
export const evidencePlans = pgTable("evidence_plans", {
  id: uuidPrimaryKey(),
  name: text("name").notNull().unique(),
  // The plan shipped with the product (docs/PRODUCT.md#evidence-packs), kept up to date at start-up.
  builtin: boolean("builtin").notNull().default(false),
  createdAt: createdAt(),
});

/**
 * One version of a plan: its numbered cases with their mappings, checked against the catalogue
 * of the named ATLAS release. A version an engagement adopted is never changed: saving the plan
 * again then makes the next version.
 */
export const evidencePlanVersions = pgTable(
  "evidence_plan_versions",
  {
    id: uuidPrimaryKey(),
    planId: uuid("plan_id")
      .notNull()
      .references(() => evidencePlans.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    methodology: text("methodology").notNull(),
    atlasRelease: text("atlas_release").notNull(),
    cases: jsonb("cases").$type<unknown[]>().notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("evidence_plan_versions_version_check", sql`${t.version} >= 1`),
    uniqueIndex("evidence_plan_versions_idx").on(t.planId, t.version),
  ],
);

/** The plan version an engagement adopted (one per engagement). */
export const evidenceEngagementPlans = pgTable("evidence_engagement_plans", {
  projectId: uuid("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  planVersionId: uuid("plan_version_id")
    .notNull()
    .references(() => evidencePlanVersions.id, { onDelete: "restrict" }),
  adoptedBy: text("adopted_by").references(() => user.id, { onDelete: "set null" }),
  adoptedAt: timestamp("adopted_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A case's result on one target of an engagement; a case without a row is not started. */
export const evidenceCaseResults = pgTable(
  "evidence_case_results",
  {
    id: uuidPrimaryKey(),
    clientId: ownedByClient(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    target: text("target").notNull(),
    caseNo: text("case_no").notNull(),
    status: text("status", { enum: CASE_STATUSES }).notNull(),
    trials: integer("trials"),
    successes: integer("successes"),
    reason: text("reason"),
    recordedBy: text("recorded_by").references(() => user.id, { onDelete: "set null" }),
    recordedByName: text("recorded_by_name").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("evidence_case_results_status_check", oneOf(t.status, CASE_STATUSES)),
    // Not applicable and blocked always say why.
    check("evidence_case_results_reason_check", sql`${t.status} not in ('not_applicable', 'blocked') or length(${t.reason}) > 0`),
    check(
      "evidence_case_results_counts_check",
      sql`(${t.trials} is null and ${t.successes} is null) or (${t.trials} >= 1 and ${t.successes} between 0 and ${t.trials})`,
    ),
    uniqueIndex("evidence_case_results_idx").on(t.projectId, t.target, t.caseNo),
    index("evidence_case_results_client_idx").on(t.clientId),
  ],
);

/** A finding or a measurement evidencing a case of an engagement (on a target). */
export const evidenceCaseLinks = pgTable(
  "evidence_case_links",
  {
    id: uuidPrimaryKey(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    target: text("target").notNull(),
    caseNo: text("case_no").notNull(),
    findingId: uuid("finding_id").references(() => findings.id, { onDelete: "cascade" }),
    measurementId: uuid("measurement_id").references(() => findingMeasurements.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("evidence_case_links_one_check", sql`(${t.findingId} is null) <> (${t.measurementId} is null)`),
    index("evidence_case_links_case_idx").on(t.projectId, t.target, t.caseNo),
    uniqueIndex("evidence_case_links_finding_idx")
      .on(t.projectId, t.target, t.caseNo, t.findingId)
      .where(sql`${t.findingId} is not null`),
  ],
);

/**
 * An issued evidence pack: the PDF in the report vault (`report_id`), its OSCAL twin exactly as
 * hashed, and `facts` exactly as `jws` signs them (the two hashes among them). Superseded by the
 * next pack of the engagement; revoked by the firm.
 */
export const evidencePacks = pgTable(
  "evidence_packs",
  {
    id: uuidPrimaryKey(),
    clientId: ownedByClient(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    reportId: uuid("report_id")
      .notNull()
      .references(() => reports.id, { onDelete: "cascade" }),
    code: text("code").notNull().unique(),
    facts: jsonb("facts").$type<Record<string, unknown>>().notNull(),
    jws: text("jws").notNull(),
    oscal: text("oscal").notNull(),
    issuedBy: text("issued_by").references(() => user.id, { onDelete: "set null" }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    supersededAt: timestamp("superseded_at", { withTimezone: true }),
    supersededById: uuid("superseded_by_id"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    verifications: integer("verifications").notNull().default(0),
  },
  (t) => [
    check("evidence_packs_code_check", sql`${t.code} ~ '^[0-9A-HJKMNP-TV-Z]{10}$'`),
    index("evidence_packs_project_idx").on(t.projectId, t.issuedAt.desc()),
    index("evidence_packs_client_idx").on(t.clientId, t.issuedAt.desc()),
  ],
);
