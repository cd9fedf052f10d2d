import "server-only";
import { and, asc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { FINDING_SEVERITIES, type FindingSeverity, UNRESOLVED_FINDING_STATUSES } from "@/lib/domain/finding";
import { type AdminActor, assertAdmin, assertClient, assertFindingsVisible, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { findings } from "./schema/records";
import { projectNameSql, inClientProject } from "@/features/projects/server";
import { overdueSql } from "./finding-scope";

// What a company's findings ask for, at a glance (the portal's Overview, the firm's client page):
// the open findings by severity, the overdue ones, the retests waiting for the firm. Scalar
// subqueries, so the Overview keeps its one statement.

/** Open: published and still to be dealt with (open, in remediation, still open). */
const openOf = (clientId: string): SQL =>
  and(
    eq(findings.clientId, clientId),
    inClientProject(findings.projectId, clientId),
    isNotNull(findings.publishedAt),
    inArray(findings.status, [...UNRESOLVED_FINDING_STATUSES]),
  )!;

export type FindingsSummary = {
  openBySeverity: Record<FindingSeverity, number>;
  open: number;
  overdue: number;
  /** Retest requests of the company the firm has not answered yet. */
  retestsWaiting: number;
};

/** The summary's figures as columns, for a caller's own select (one statement). */
export function findingsSummaryColumns(clientId: string) {
  const columns: Record<string, SQL<number>> = {};
  for (const severity of FINDING_SEVERITIES)
    columns[`open_${severity}`] =
      sql<number>`(select count(*) from ${findings} where ${openOf(clientId)} and ${findings.severity} = ${severity})::int`.mapWith(Number);
  columns.findings_overdue = sql<number>`(select count(*) from ${findings} where ${openOf(clientId)} and ${overdueSql})::int`.mapWith(
    Number,
  );
  // Aliased by hand: in a select of one table drizzle leaves column names unqualified, and "id" would be ambiguous.
  columns.retests_waiting = sql<number>`(select count(*) from finding_retests fr join findings ff on ff.id = fr.finding_id
    where ff.client_id = ${clientId} and ${inClientProject(sql`ff.project_id`, clientId)} and fr.result is null)::int`.mapWith(Number);
  return columns;
}

/** The summary from a row that selected `findingsSummaryColumns`. */
export function findingsSummaryOf(row: Record<string, unknown>): FindingsSummary {
  const n = (key: string) => Number(row[key] ?? 0);
  const openBySeverity = Object.fromEntries(FINDING_SEVERITIES.map((s) => [s, n(`open_${s}`)])) as Record<FindingSeverity, number>;
  return {
    openBySeverity,
    open: FINDING_SEVERITIES.reduce((sum, s) => sum + openBySeverity[s], 0),
    overdue: n("findings_overdue"),
    retestsWaiting: n("retests_waiting"),
  };
}

export type AttentionFinding = { id: string; title: string; severity: FindingSeverity; dueOn: string | null; projectName: string };

/** The company's overdue findings, most severe first (a few, for the Overview's attention list). */
export async function listOverdueFindings(
  db: DbOrTx,
  { actor, limit = 5 }: { actor: ClientActor; limit?: number },
): Promise<AttentionFinding[]> {
  assertClient(actor);
  assertFindingsVisible(actor);
  return db
    .select({
      id: findings.id,
      title: findings.title,
      severity: findings.severity,
      dueOn: findings.dueOn,
      projectName: projectNameSql(findings.projectId),
    })
    .from(findings)
    .where(and(openOf(actor.clientId), overdueSql))
    .orderBy(findings.severityRank, asc(findings.dueOn))
    .limit(limit);
}

/** The firm's look at one company's findings summary (its client page). */
export async function getClientFindingsSummary(db: DbOrTx, { actor, clientId }: { actor: AdminActor; clientId: string }) {
  assertAdmin(actor);
  const [row] = await db.select(findingsSummaryColumns(clientId)).from(sql`(select 1) as one`);
  return findingsSummaryOf(row ?? {});
}
