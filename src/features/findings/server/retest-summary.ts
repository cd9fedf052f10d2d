import "server-only";
import { and, asc, desc, eq, isNotNull, max, notInArray, type SQL } from "drizzle-orm";
import { FIRM_CLOSED_FINDING_STATUSES, type FindingSeverity, type FindingStatus, type RetestResult } from "@/lib/domain/finding";
import type { DbOrTx } from "@/server/core/db/client";
import { companyNameSql } from "@/features/clients/server";
import { projectFacts, projectNameSql, inClientProject } from "@/features/projects/server";
import { retestMeasurementsOf } from "@/features/measurements/server";
import { findingRetests, findings } from "./schema/records";

// An engagement's retests as one company shares them (docs/PRODUCT.md#sharing-with-third-parties):
// its published findings that were retested, each retest with its dates, result and, for an AI
// finding, the rate measured by that retest. Read by a company's id: the caller has checked that the
// person acts for that company (an owner sharing, or a recipient of the company's share).

export type SummaryRetest = {
  requestedAt: string;
  requestedByName: string;
  result: RetestResult | null;
  decidedAt: string | null;
  /** The measurement the retest was decided on (k successes in n trials), else null. */
  measurement: { successes: number; trials: number } | null;
};
export type SummaryFinding = { id: string; title: string; severity: FindingSeverity; status: FindingStatus; retests: SummaryRetest[] };
export type RetestSummary = {
  projectId: string;
  engagement: string;
  company: string;
  /** The latest decision: a copy made before it is no longer the whole story. */
  lastDecidedAt: Date;
  findings: SummaryFinding[];
};

/** The company's published findings, less those the firm closed (false positive, duplicate, withdrawn). */
const sharedFindings = (clientId: string): SQL =>
  and(
    eq(findings.clientId, clientId),
    inClientProject(findings.projectId, clientId),
    isNotNull(findings.publishedAt),
    notInArray(findings.status, [...FIRM_CLOSED_FINDING_STATUSES]),
  )!;

/** The company's engagements with at least one decided retest, latest decision first. */
export async function engagementsWithDecidedRetests(
  db: DbOrTx,
  clientId: string,
): Promise<{ projectId: string; engagement: string; lastDecidedAt: Date }[]> {
  const lastDecidedAt = max(findingRetests.decidedAt);
  const rows = await db
    .select({ projectId: findings.projectId, engagement: projectNameSql(findings.projectId), lastDecidedAt })
    .from(findingRetests)
    .innerJoin(findings, eq(findings.id, findingRetests.findingId))
    .where(and(sharedFindings(clientId), isNotNull(findingRetests.decidedAt)))
    .groupBy(findings.projectId)
    .orderBy(desc(lastDecidedAt))
    .limit(100);
  return rows.flatMap((r) => (r.lastDecidedAt ? [{ ...r, lastDecidedAt: r.lastDecidedAt }] : []));
}

/** One engagement's retested findings, most severe first; null when it is not the company's or no retest was decided. */
export async function retestSummaryOf(
  db: DbOrTx,
  { clientId, projectId }: { clientId: string; projectId: string },
): Promise<RetestSummary | null> {
  const projects = projectFacts(db);
  const [project] = await db
    .select({ name: projects.projectName, company: companyNameSql(projects.clientId) })
    .from(projects)
    .where(and(eq(projects.projectId, projectId), eq(projects.clientId, clientId)))
    .limit(1);
  if (!project) return null;
  const rows = await db
    .select({
      findingId: findings.id,
      title: findings.title,
      severity: findings.severity,
      status: findings.status,
      retestId: findingRetests.id,
      requestedAt: findingRetests.requestedAt,
      requestedByName: findingRetests.requestedByName,
      result: findingRetests.result,
      decidedAt: findingRetests.decidedAt,
    })
    .from(findingRetests)
    .innerJoin(findings, eq(findings.id, findingRetests.findingId))
    .where(and(eq(findings.projectId, projectId), sharedFindings(clientId)))
    .orderBy(findings.severityRank, asc(findings.publishedAt), asc(findings.id), asc(findingRetests.requestedAt), asc(findingRetests.id));
  const decided = rows.flatMap((r) => (r.decidedAt ? [r.decidedAt.getTime()] : []));
  if (decided.length === 0) return null;
  const measured = await retestMeasurementsOf(
    db,
    rows.map((r) => r.retestId),
  );
  const measurementOf = new Map(measured.map(({ retestId, ...m }) => [retestId, m]));
  const byFinding = new Map<string, SummaryFinding>();
  for (const r of rows) {
    const finding = byFinding.get(r.findingId) ?? { id: r.findingId, title: r.title, severity: r.severity, status: r.status, retests: [] };
    byFinding.set(r.findingId, finding);
    finding.retests.push({
      requestedAt: r.requestedAt.toISOString(),
      requestedByName: r.requestedByName,
      result: r.result,
      decidedAt: r.decidedAt?.toISOString() ?? null,
      measurement: measurementOf.get(r.retestId) ?? null,
    });
  }
  return {
    projectId,
    engagement: project.name,
    company: project.company,
    lastDecidedAt: new Date(Math.max(...decided)),
    findings: [...byFinding.values()],
  };
}
