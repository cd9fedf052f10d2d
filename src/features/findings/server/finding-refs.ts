import "server-only";
import type { DbOrTx } from "@/server/core/db/client";
import { findingEvents, findings } from "./schema/records";

// What other slices read of the findings in their own statements (the analytics' figures, the
// interchange exports, the trackers' automatic tickets and reopening, the evidence packs): one
// subquery of the findings' facts, which the caller joins or selects from and filters itself, so
// no screen reads more statements and the planner reads it like the table (a plain subquery is
// pulled up into the caller's query). No scope of its own: drafts and every company's findings are
// in it, and the caller keeps to its own (published, its company, its engagement).

/**
 * The findings' facts (company, engagement, content, status, dates, risk acceptance), as a subquery
 * the caller joins on `findingId` or selects from, in its own statement.
 */
export const findingFacts = (db: DbOrTx) =>
  db
    .select({
      findingId: findings.id,
      clientId: findings.clientId,
      projectId: findings.projectId,
      title: findings.title,
      severity: findings.severity,
      /** 1 for critical … 5 for informational (a stored column with its indexes: "most severe first"). */
      severityRank: findings.severityRank,
      status: findings.status,
      cvssVector: findings.cvssVector,
      cvssScoreTenths: findings.cvssScoreTenths,
      cwe: findings.cwe,
      owaspLlm: findings.owaspLlm,
      atlas: findings.atlas,
      ruleId: findings.ruleId,
      sourceTool: findings.sourceTool,
      assets: findings.assets,
      description: findings.description,
      remediation: findings.remediation,
      references: findings.references,
      publishedAt: findings.publishedAt,
      updatedAt: findings.updatedAt,
      dueOn: findings.dueOn,
      riskReason: findings.riskReason,
      riskExpiresOn: findings.riskExpiresOn,
      riskAcceptedBy: findings.riskAcceptedBy,
    })
    .from(findings)
    .as("finding_facts");

/**
 * The findings' timeline steps (finding, kind, status moved to, when), as a subquery the caller's
 * statement selects from (the analytics' "when verified", "when decided", "when it came back").
 */
export const findingEventFacts = (db: DbOrTx) =>
  db
    .select({
      findingId: findingEvents.findingId,
      kind: findingEvents.kind,
      toStatus: findingEvents.toStatus,
      createdAt: findingEvents.createdAt,
    })
    .from(findingEvents)
    .as("finding_event_facts");
