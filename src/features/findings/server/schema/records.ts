import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ownedByClient } from "@/features/clients/server/schema";
import { user } from "@/features/identity/server/schema";
import { projects } from "@/features/projects/server/schema";
import { FINDING_EVENT_KINDS, FINDING_SEVERITIES, FINDING_STATUSES, RETEST_RESULTS } from "@/lib/domain/finding";
import { IMPORT_FORMATS } from "@/lib/domain/finding-import";
import { MESSAGE_AUTHOR_ROLES } from "@/lib/domain/thread-status";
import { createdAt, timestamps, uuidPrimaryKey } from "@/server/core/db/schema/columns";
import { oneOf } from "@/server/core/db/schema/one-of";
import { findingImports } from "@/features/imports/server/schema/imports";

/**
 * A finding of an engagement (a project) (docs/PRODUCT.md#portal-findings). The client id is the
 * project's, kept here so every client read filters on one indexed column. A draft (no
 * published_at) is the firm's alone.
 */
export const findings = pgTable(
  "findings",
  {
    id: uuidPrimaryKey(),
    clientId: ownedByClient(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    severity: text("severity", { enum: FINDING_SEVERITIES }).notNull(),
    // 1 (critical) to 5 (informational): lists sort most severe first through an index.
    severityRank: smallint("severity_rank")
      .notNull()
      .generatedAlwaysAs(sql.raw(`case severity ${FINDING_SEVERITIES.map((s, i) => `when '${s}' then ${i + 1}`).join(" ")} end`)),
    cvssVector: text("cvss_vector"),
    // Tenths of a point (9.8 → 98): exact, like money in cents.
    cvssScoreTenths: smallint("cvss_score_tenths"),
    assets: text("assets").notNull().default(""),
    // Markdown, rendered on the server without raw HTML.
    description: text("description").notNull().default(""),
    remediation: text("remediation").notNull().default(""),
    references: text("references").notNull().default(""),
    status: text("status", { enum: FINDING_STATUSES }).notNull().default("draft"),
    // The tool's rule, plugin, template or probe a finding was imported from, if any.
    ruleId: text("rule_id"),
    // Imported findings only: the tool, and the fingerprint that makes a re-import find them again
    // (docs/PRODUCT.md#admin-findings): one finding per fingerprint in an engagement.
    sourceTool: text("source_tool", { enum: IMPORT_FORMATS }),
    fingerprint: text("fingerprint"),
    cwe: integer("cwe"),
    // The AI-security taxonomy: OWASP Top 10 for LLM Applications ids and MITRE ATLAS technique ids.
    owaspLlm: text("owasp_llm")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    atlas: text("atlas")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Set when a full scan of the same tool did not see it; cleared when one sees it again.
    notSeenImportId: uuid("not_seen_import_id").references((): AnyPgColumn => findingImports.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    dueOn: date("due_on"),
    riskReason: text("risk_reason"),
    riskExpiresOn: date("risk_expires_on"),
    riskAcceptedBy: text("risk_accepted_by").references(() => user.id, { onDelete: "set null" }),
    riskAcknowledgedAt: timestamp("risk_acknowledged_at", { withTimezone: true }),
    // The client's person named to remediate it (docs/PRODUCT.md#portal-findings); always of the finding's company.
    ownerUserId: text("owner_user_id").references(() => user.id, { onDelete: "set null" }),
    // The firm's outcome (false positive, duplicate, won't fix, withdrawn): its reason, the
    // original of a duplicate, and for won't fix the client's person who agreed and the date.
    outcomeReason: text("outcome_reason"),
    duplicateOfId: uuid("duplicate_of_id").references((): AnyPgColumn => findings.id, { onDelete: "set null" }),
    agreedByName: text("agreed_by_name"),
    agreedOn: date("agreed_on"),
    ...timestamps(),
  },
  (t) => [
    check("findings_severity_check", oneOf(t.severity, FINDING_SEVERITIES)),
    check("findings_status_check", oneOf(t.status, FINDING_STATUSES)),
    check("findings_cvss_score_check", sql`${t.cvssScoreTenths} between 0 and 100`),
    check("findings_source_tool_check", oneOf(t.sourceTool, IMPORT_FORMATS)),
    check("findings_cwe_check", sql`${t.cwe} between 1 and 100000`),
    uniqueIndex("findings_fingerprint_idx")
      .on(t.projectId, t.fingerprint)
      .where(sql`${t.fingerprint} is not null`),
    // A draft is never published and a published finding is never a draft again.
    check("findings_draft_check", sql`(${t.status} = 'draft') = (${t.publishedAt} is null)`),
    // Only a duplicate names an original, and never itself.
    check("findings_duplicate_of_check", sql`${t.duplicateOfId} is null or (${t.status} = 'duplicate' and ${t.duplicateOfId} <> ${t.id})`),
    // The portal's list: a client's published findings, most severe and soonest due first.
    index("findings_client_list_idx")
      .on(t.clientId, t.severityRank, t.dueOn, t.id)
      .where(sql`${t.publishedAt} is not null`),
    index("findings_project_idx").on(t.projectId, t.createdAt),
    index("findings_due_idx").on(t.dueOn),
    // The latest change, for the findings' data stamp (data-stamp.ts).
    index("findings_updated_idx").on(t.updatedAt),
    // The portal's "Assigned to me".
    index("findings_owner_idx")
      .on(t.ownerUserId)
      .where(sql`${t.ownerUserId} is not null`),
  ],
);

const ofFinding = () =>
  uuid("finding_id")
    .notNull()
    .references(() => findings.id, { onDelete: "cascade" });

/** Who did something, kept as written then so the record reads the same after the user is gone. */
const byPerson = () => ({
  actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
  actorRole: text("actor_role", { enum: MESSAGE_AUTHOR_ROLES }).notNull(),
  actorName: text("actor_name").notNull(),
});

/** The timeline: every status change and step of a finding, who, when, the note. */
export const findingEvents = pgTable(
  "finding_events",
  {
    id: uuidPrimaryKey(),
    findingId: ofFinding(),
    kind: text("kind", { enum: FINDING_EVENT_KINDS }).notNull(),
    fromStatus: text("from_status", { enum: FINDING_STATUSES }),
    toStatus: text("to_status", { enum: FINDING_STATUSES }),
    note: text("note"),
    ...byPerson(),
    createdAt: createdAt(),
  },
  (t) => [
    check("finding_events_kind_check", oneOf(t.kind, FINDING_EVENT_KINDS)),
    check("finding_events_from_status_check", oneOf(t.fromStatus, FINDING_STATUSES)),
    check("finding_events_to_status_check", oneOf(t.toStatus, FINDING_STATUSES)),
    check("finding_events_actor_role_check", oneOf(t.actorRole, MESSAGE_AUTHOR_ROLES)),
    index("finding_events_finding_idx").on(t.findingId, t.createdAt),
    // The latest event, for the findings' data stamp (data-stamp.ts).
    index("finding_events_created_idx").on(t.createdAt),
  ],
);

/** The comment thread between the client and the firm on one finding (plain text). */
export const findingComments = pgTable(
  "finding_comments",
  {
    id: uuidPrimaryKey(),
    findingId: ofFinding(),
    body: text("body").notNull(),
    ...byPerson(),
    createdAt: createdAt(),
  },
  (t) => [
    check("finding_comments_actor_role_check", oneOf(t.actorRole, MESSAGE_AUTHOR_ROLES)),
    index("finding_comments_finding_idx").on(t.findingId, t.createdAt),
  ],
);

/** A retest request: at most one open (no result yet) per finding. */
export const findingRetests = pgTable(
  "finding_retests",
  {
    id: uuidPrimaryKey(),
    findingId: ofFinding(),
    note: text("note").notNull(),
    requestedBy: text("requested_by").references(() => user.id, { onDelete: "set null" }),
    requestedByName: text("requested_by_name").notNull(),
    requestedAt: createdAt(),
    result: text("result", { enum: RETEST_RESULTS }),
    resultNote: text("result_note"),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    check("finding_retests_result_check", oneOf(t.result, RETEST_RESULTS)),
    uniqueIndex("finding_retests_one_open_idx")
      .on(t.findingId)
      .where(sql`${t.result} is null`),
    index("finding_retests_open_idx")
      .on(t.requestedAt)
      .where(sql`${t.result} is null`),
  ],
);

/** Evidence files of a finding: stored like documents, reachable only through the finding. */
export const findingEvidence = pgTable(
  "finding_evidence",
  {
    id: uuidPrimaryKey(),
    findingId: ofFinding(),
    name: text("name").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    fileSize: bigint("file_size", { mode: "number" }).notNull(),
    mimeType: text("mime_type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("finding_evidence_size_check", sql`${t.fileSize} >= 0`), index("finding_evidence_finding_idx").on(t.findingId)],
);

/** An engagement's own days from publishing to the due date (the defaults when it has no row). */
export const findingDueDays = pgTable(
  "finding_due_days",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    critical: integer("critical").notNull(),
    high: integer("high").notNull(),
    medium: integer("medium").notNull(),
    low: integer("low").notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId] }),
    check(
      "finding_due_days_range_check",
      sql`least(${t.critical}, ${t.high}, ${t.medium}, ${t.low}) >= 1 and greatest(${t.critical}, ${t.high}, ${t.medium}, ${t.low}) <= 3650`,
    ),
  ],
);

/**
 * The firm's finding templates (docs/PRODUCT.md#admin-finding-templates): the text a finding
 * starts from, typed in the new-finding form or applied by an import whose rule id matches. A
 * CVSS vector's score and severity are stored with it, computed as a finding's are.
 */
export const findingTemplates = pgTable(
  "finding_templates",
  {
    id: uuidPrimaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    remediation: text("remediation").notNull().default(""),
    references: text("references").notNull().default(""),
    cwe: integer("cwe"),
    cvssVector: text("cvss_vector"),
    cvssScoreTenths: smallint("cvss_score_tenths"),
    severity: text("severity", { enum: FINDING_SEVERITIES }),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    owaspLlm: text("owasp_llm")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    atlas: text("atlas")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps(),
  },
  (t) => [
    check("finding_templates_severity_check", oneOf(t.severity, FINDING_SEVERITIES)),
    check("finding_templates_cvss_score_check", sql`${t.cvssScoreTenths} between 0 and 100`),
    check("finding_templates_cwe_check", sql`${t.cwe} between 1 and 100000`),
  ],
);

/**
 * The tool rule ids a template applies to (a Nuclei template id, a garak probe, a SARIF ruleId):
 * each rule id belongs to at most one template, whatever its case.
 */
export const findingTemplateRules = pgTable(
  "finding_template_rules",
  {
    templateId: uuid("template_id")
      .notNull()
      .references(() => findingTemplates.id, { onDelete: "cascade" }),
    ruleId: text("rule_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.ruleId] }), uniqueIndex("finding_template_rules_rule_idx").on(sql`lower(${t.ruleId})`)],
);
