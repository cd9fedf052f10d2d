import "server-only";
import { inArray, notInArray, type SQL, sql } from "drizzle-orm";
import {
  FINDING_SEVERITIES,
  FINDING_STATUSES,
  FIRM_CLOSED_FINDING_STATUSES,
  type FindingSeverity,
  type FindingStatus,
  UNRESOLVED_FINDING_STATUSES,
} from "@/lib/domain/finding";
import { ATLAS_TECHNIQUE_IDS, type AtlasTechniqueId, OWASP_LLM_IDS, type OwaspLlmId } from "@/lib/domain/ai-taxonomy";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { findings } from "./schema/records";
import { projectFacts } from "@/features/projects/server";
import { clientFindingScope, overdueSql } from "./finding-scope";

// The findings' counts: by severity, status, category and engagement, in one grouped pass.

/** What every count leaves out: what the firm closed (withdrawn, false positive, duplicate). */
export const countedSql = notInArray(findings.status, [...FIRM_CLOSED_FINDING_STATUSES]);

/** The column alias of a technique's count ("AML.T0051.000" → "atlas_aml_t0051_000"). */
const atlasKey = (id: string) => `atlas_${id.toLowerCase().replace(/\./g, "_")}`;

/** A technique and its sub-techniques, as an array for an overlap test. */
const atlasFamily = (id: string) =>
  sql`array[${sql.join(
    ATLAS_TECHNIQUE_IDS.filter((t) => t === id || t.startsWith(`${id}.`)).map((t) => sql`${t}`),
    sql`, `,
  )}]`;

export type FindingCounts = {
  bySeverity: Record<FindingSeverity, number>;
  byStatus: Partial<Record<FindingStatus, number>>;
  overdue: number;
  /** Per OWASP LLM category (a finding under two is counted in both). */
  byOwaspLlm: Record<OwaspLlmId, number>;
  /** Per MITRE ATLAS technique, its sub-techniques included (as the filter reads it). */
  byAtlas: Record<AtlasTechniqueId, number>;
  /** Every count leaves out what the firm closed (withdrawn, false positive, duplicate); this is how many. */
  closedByFirm: number;
  total: number;
  engagements: { projectId: string; projectName: string; total: number; unresolved: number; overdue: number }[];
};

/** Counts by severity and status, for the company and per engagement (one grouped query). */
export async function clientFindingCounts(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<FindingCounts> {
  assertClient(actor);
  return countFindings(db, clientFindingScope(actor));
}

/**
 * One pass over the findings, grouped by engagement only, each severity and status a filtered
 * count: grouping by the text columns themselves costs several times more in the embedded
 * database (bench/findings-list.ts).
 */
export async function countFindings(db: DbOrTx, where: SQL): Promise<FindingCounts> {
  const sums: Record<string, SQL.Aliased<number>> = {
    total: sql<number>`count(*) filter (where ${countedSql})`.mapWith(Number).as("total"),
    closed: sql<number>`count(*) filter (where not ${countedSql})`.mapWith(Number).as("closed"),
    overdue: sql<number>`count(*) filter (where ${overdueSql})`.mapWith(Number).as("overdue"),
  };
  for (const k of FINDING_SEVERITIES)
    sums[`sev_${k}`] = sql<number>`count(*) filter (where ${findings.severity} = ${k} and ${countedSql})`.mapWith(Number).as(`sev_${k}`);
  // In the same pass: one filtered count per category, not a second statement over the array.
  for (const k of OWASP_LLM_IDS)
    sums[`owasp_${k.toLowerCase()}`] = sql<number>`count(*) filter (where ${findings.owaspLlm} @> array[${k}]::text[] and ${countedSql})`
      .mapWith(Number)
      .as(`owasp_${k.toLowerCase()}`);
  for (const k of ATLAS_TECHNIQUE_IDS)
    sums[atlasKey(k)] = sql<number>`count(*) filter (where ${findings.atlas} && ${atlasFamily(k)}::text[] and ${countedSql})`
      .mapWith(Number)
      .as(atlasKey(k));
  for (const k of FINDING_STATUSES)
    sums[`st_${k}`] = sql<number>`count(*) filter (where ${findings.status} = ${k})`.mapWith(Number).as(`st_${k}`);
  const perEngagement = (await db
    .select({ projectId: findings.projectId, ...sums })
    .from(findings)
    .where(where)
    .groupBy(findings.projectId)) as unknown as ({ projectId: string } & Record<string, number>)[];
  // The engagements' names in a second, small statement (a join would be paid for every finding).
  const projects = projectFacts(db);
  const names =
    perEngagement.length === 0
      ? []
      : await db
          .select({ id: projects.projectId, name: projects.projectName })
          .from(projects)
          .where(
            inArray(
              projects.projectId,
              perEngagement.map((r) => r.projectId),
            ),
          );
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const rows = perEngagement.map((row) => ({ projectName: nameOf.get(row.projectId) ?? "", counts: row }));
  const counts: FindingCounts = {
    bySeverity: Object.fromEntries(FINDING_SEVERITIES.map((s) => [s, 0])) as Record<FindingSeverity, number>,
    byStatus: {},
    byOwaspLlm: Object.fromEntries(OWASP_LLM_IDS.map((id) => [id, 0])) as Record<OwaspLlmId, number>,
    byAtlas: Object.fromEntries(ATLAS_TECHNIQUE_IDS.map((id) => [id, 0])) as Record<AtlasTechniqueId, number>,
    overdue: 0,
    closedByFirm: 0,
    total: 0,
    engagements: [],
  };
  for (const { projectName, counts: row } of rows) {
    const n = (key: string) => Number(row[key] ?? 0);
    for (const s of FINDING_SEVERITIES) counts.bySeverity[s] += n(`sev_${s}`);
    for (const id of OWASP_LLM_IDS) counts.byOwaspLlm[id] += n(`owasp_${id.toLowerCase()}`);
    for (const id of ATLAS_TECHNIQUE_IDS) counts.byAtlas[id] += n(atlasKey(id));
    for (const s of FINDING_STATUSES) if (n(`st_${s}`) > 0) counts.byStatus[s] = (counts.byStatus[s] ?? 0) + n(`st_${s}`);
    counts.overdue += n("overdue");
    counts.total += n("total");
    counts.closedByFirm += n("closed");
    counts.engagements.push({
      projectId: String(row.projectId),
      projectName,
      total: n("total"),
      unresolved: UNRESOLVED_FINDING_STATUSES.reduce((sum, s) => sum + n(`st_${s}`), 0),
      overdue: n("overdue"),
    });
  }
  counts.engagements.sort((a, b) => a.projectName.localeCompare(b.projectName));
  return counts;
}
