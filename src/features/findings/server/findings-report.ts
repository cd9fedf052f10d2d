import "server-only";
import { and, asc, desc, eq, inArray, isNotNull, notInArray } from "drizzle-orm";
import { FIRM_CLOSED_FINDING_STATUSES, type FindingSeverity, type FindingStatus, type RetestResult } from "@/lib/domain/finding";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { companyNameSql } from "@/features/clients/server";
import { latestMeasurementsOf } from "@/features/measurements/server";
import { findingEvidence, findingRetests, findings } from "./schema/records";
import { projectFacts } from "@/features/projects/server";
import { recordFirmAccess } from "@/features/audit/server";

/** Where a finding's retests stand, for the report: the latest request and its result. */
export type ReportRetest = "none" | "requested" | RetestResult;

/** One published finding as a generated report prints it (docs/PRODUCT.md#admin-findings). */
export type ReportFinding = {
  id: string;
  title: string;
  severity: FindingSeverity;
  status: FindingStatus;
  cvssScoreTenths: number | null;
  cvssVector: string | null;
  assets: string;
  description: string;
  remediation: string;
  references: string;
  publishedAt: string;
  evidence: string[];
  retest: ReportRetest;
  /** OWASP Top 10 for LLM Applications ids (LLM01 to LLM10) the finding is filed under. */
  owaspLlm: string[];
  /** A measured AI finding's latest measurement (docs/PRODUCT.md#measured-ai-findings), else null. */
  measurement: ReportMeasurement | null;
};

export type ReportMeasurement = {
  successes: number;
  trials: number;
  provider: string | null;
  modelId: string | null;
  modelVersion: string | null;
  measuredAt: string;
};

export type EngagementReportData = {
  project: {
    id: string;
    name: string;
    description: string | null;
    company: string;
    clientId: string;
    startDate: string;
    endDate: string | null;
  };
  findings: ReportFinding[];
};

/** A finding's row as read: the printed finding before its evidence and retest are joined in. */
type ReportRow = Omit<ReportFinding, "publishedAt" | "evidence" | "retest" | "measurement"> & { publishedAt: Date | null };

/**
 * An engagement's **published** findings, most severe first, with their evidence's file names,
 * latest retest and latest measurement, for a generated report; null when there is no such engagement. Drafts are never
 * read. The firm's look is in the company's access log, like its view of the findings.
 */
export async function listReportFindings(
  db: DbOrTx,
  { actor, projectId }: { actor: AdminActor; projectId: string },
): Promise<EngagementReportData | null> {
  assertAdmin(actor);
  const projects = projectFacts(db);
  const [project] = await db
    .select({
      id: projects.projectId,
      name: projects.projectName,
      description: projects.description,
      company: companyNameSql(projects.clientId),
      clientId: projects.clientId,
      startDate: projects.startDate,
      endDate: projects.targetCompletionDate,
    })
    .from(projects)
    .where(eq(projects.projectId, projectId))
    .limit(1);
  if (!project) return null;
  const rows: ReportRow[] = await db
    .select({
      id: findings.id,
      title: findings.title,
      severity: findings.severity,
      status: findings.status,
      cvssScoreTenths: findings.cvssScoreTenths,
      cvssVector: findings.cvssVector,
      assets: findings.assets,
      description: findings.description,
      remediation: findings.remediation,
      references: findings.references,
      publishedAt: findings.publishedAt,
      owaspLlm: findings.owaspLlm,
    })
    .from(findings)
    // What the firm withdrew or closed as a false positive or a duplicate is no finding of the report.
    .where(
      and(
        eq(findings.projectId, projectId),
        isNotNull(findings.publishedAt),
        notInArray(findings.status, [...FIRM_CLOSED_FINDING_STATUSES]),
      ),
    )
    .orderBy(findings.severityRank, desc(findings.cvssScoreTenths), asc(findings.publishedAt), asc(findings.id));
  const ids = rows.map((row) => row.id);
  const [evidence, retests, measurements] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({ findingId: findingEvidence.findingId, name: findingEvidence.name })
          .from(findingEvidence)
          .where(inArray(findingEvidence.findingId, ids))
          .orderBy(asc(findingEvidence.createdAt), asc(findingEvidence.id)),
    ids.length === 0
      ? []
      : db
          .select({ findingId: findingRetests.findingId, result: findingRetests.result })
          .from(findingRetests)
          .where(inArray(findingRetests.findingId, ids))
          .orderBy(asc(findingRetests.requestedAt)),
    // Each finding's latest measurement, one row a finding.
    latestMeasurementsOf(db, ids),
    recordFirmAccess(db, {
      actor,
      action: "client.findings.view",
      clientIds: [project.clientId],
      entityType: "project",
      entityId: project.id,
      after: { name: project.name },
    }),
  ]);
  const evidenceOf = new Map<string, string[]>();
  for (const file of evidence) {
    const names = evidenceOf.get(file.findingId);
    if (names) names.push(file.name);
    else evidenceOf.set(file.findingId, [file.name]);
  }
  // Ordered oldest first: the last one seen is the latest.
  const retestOf = new Map<string, ReportRetest>();
  for (const retest of retests) retestOf.set(retest.findingId, retest.result ?? "requested");
  const measurementOf = new Map(
    measurements.map(({ findingId, measuredAt, ...m }) => [findingId, { ...m, measuredAt: measuredAt.toISOString() }]),
  );
  return {
    project,
    findings: rows.map((row) => ({
      ...row,
      publishedAt: row.publishedAt!.toISOString(),
      evidence: evidenceOf.get(row.id) ?? [],
      retest: retestOf.get(row.id) ?? "none",
      measurement: measurementOf.get(row.id) ?? null,
    })),
  };
}
