import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { findingEvents, findings } from "./schema/records";

// What other slices read of the findings in their own statements (the analytics' figures, the
// interchange exports, the trackers' automatic tickets and reopening, the evidence packs): one
// subquery of the findings' facts, which the caller joins or selects from and filters itself, so
// no screen reads more statements and the planner reads it like the table (a plain subquery is
// pulled up into the caller's query). No scope of its own: drafts and every company's findings are
// in it, and the caller keeps to its own (published, its company, its engagement).

/** Wrapped so drizzle qualifies its columns: bare in a one-table select, "id" would be the step's own. */
const wrapped = <T>(inner: SQL) => sql<T>`${inner}`;

/**
 * The findings' facts (company, engagement, content, status, dates, risk acceptance, what its
 * timeline says), as a subquery the caller joins on `findingId` or selects from, in its own
 * statement. A timeline fact is read only by a caller that selects it: the planner drops the
 * subquery's columns no one uses.
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
      /** When it entered its current status (its latest step there); its last change when the timeline has none. */
      statusSince: wrapped<Date>(
        sql`coalesce((select max(${findingEvents.createdAt}) from ${findingEvents}
          where ${findingEvents.findingId} = ${findings.id} and ${findingEvents.toStatus} = ${findings.status}), ${findings.updatedAt})`,
      ).as("status_since"),
      /** When it came back after a fix (regressed, reopened), oldest first; null when it never did. */
      returnedAt: wrapped<Date[] | null>(
        sql`(select array_agg(${findingEvents.createdAt} order by ${findingEvents.createdAt}) from ${findingEvents}
          where ${findingEvents.findingId} = ${findings.id} and ${findingEvents.kind} in ('regressed', 'reopened'))`,
      ).as("returned_at"),
    })
    .from(findings)
    .as("finding_facts");
