import "server-only";
import { and, eq, isNotNull } from "drizzle-orm";
import type { AdminActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { measurementFacts } from "@/features/measurements/server";
import { AppError } from "@/server/core/errors";
import { latestAuthorizationIdOf, signedWindowOf } from "@/features/authorizations/server";
import { findingFacts, listReportFindings, type ReportFinding } from "@/features/findings/server";
import { getFirmDetails } from "@/features/settings/server";
import type { IssuePackInput } from "@/features/evidence/validation";
import { type Coverage, getCoverage, NO_ADOPTED_PLAN } from "./coverage";
import { ENGAGEMENT_NOT_FOUND } from "./plans";
import { userNameSql } from "@/features/identity/server";

// What an evidence pack states, read in one place for the PDF, the OSCAL twin and the signed facts.

export type PackContent = {
  issuedAt: Date;
  firm: string;
  client: string;
  clientId: string;
  projectId: string;
  engagement: string;
  authorization: { id: string; window: string } | null;
  window: { start: string; end: string } | null;
  testers: string;
  independence: string;
  limitations: string;
  methodology: string;
  plan: Coverage["plan"] & { planVersionId: string };
  targets: { label: string; modelVersion: string | null; hashes: string[] }[];
  tools: string[];
  judges: string[];
  coverage: Pick<Coverage, "counts" | "families" | "results">;
  findings: ReportFinding[];
  riskAcceptances: { title: string; approver: string | null; expiresOn: string | null; reason: string | null }[];
};

const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))].sort();

export async function packContent(
  db: DbOrTx,
  {
    actor,
    projectId,
    input,
    planVersionId,
    issuedAt,
  }: { actor: AdminActor; projectId: string; input: IssuePackInput; planVersionId: string; issuedAt: Date },
): Promise<PackContent> {
  const findings = findingFacts(db);
  const findingMeasurements = measurementFacts(db);
  const [coverage, report, window, firm, measurements, accepted, authorization] = await Promise.all([
    getCoverage(db, { actor, projectId }),
    listReportFindings(db, { actor, projectId }),
    signedWindowOf(db, projectId),
    getFirmDetails(db),
    db
      .select({
        source: findingMeasurements.source,
        provider: findingMeasurements.provider,
        modelId: findingMeasurements.modelId,
        probe: findingMeasurements.probe,
        detector: findingMeasurements.detector,
        judgeName: findingMeasurements.judgeName,
        judgeVersion: findingMeasurements.judgeVersion,
        judgeModel: findingMeasurements.judgeModel,
        systemPrompt: findingMeasurements.systemPromptSha256,
        toolManifest: findingMeasurements.toolManifestSha256,
        guardrail: findingMeasurements.guardrailConfigSha256,
        sourceTool: findings.sourceTool,
      })
      .from(findingMeasurements)
      .innerJoin(findings, eq(findings.findingId, findingMeasurements.findingId))
      .where(and(eq(findings.projectId, projectId), isNotNull(findings.publishedAt))),
    db
      .select({
        title: findings.title,
        approver: userNameSql(findings.riskAcceptedBy),
        expiresOn: findings.riskExpiresOn,
        reason: findings.riskReason,
      })
      .from(findings)
      .where(and(eq(findings.projectId, projectId), eq(findings.status, "risk_accepted"))),
    latestAuthorizationIdOf(db, projectId),
  ]);
  if (!report) throw new AppError("not_found", ENGAGEMENT_NOT_FOUND);
  if (!coverage) throw new AppError("conflict", NO_ADOPTED_PLAN);
  const hashesOf = (label: string) =>
    distinct(
      measurements
        .filter((m) => (m.provider ? `${m.provider}/${m.modelId}` : m.modelId) === label)
        .flatMap((m) => [
          m.systemPrompt && `system prompt sha256:${m.systemPrompt}`,
          m.toolManifest && `tool manifest sha256:${m.toolManifest}`,
          m.guardrail && `guardrail config sha256:${m.guardrail}`,
        ]),
    );
  return {
    issuedAt,
    firm: firm.name,
    client: report.project.company,
    clientId: report.project.clientId,
    projectId,
    engagement: report.project.name,
    authorization: window && authorization ? { id: authorization, window: `${window.windowStart} to ${window.windowEnd}` } : null,
    window: window ? { start: window.windowStart, end: window.windowEnd } : null,
    testers: input.testers,
    independence: input.independence,
    limitations: input.limitations,
    methodology: coverage.plan.methodology,
    plan: { ...coverage.plan, planVersionId },
    targets: coverage.targets.map((t) => ({ label: t.label, modelVersion: t.modelVersion, hashes: hashesOf(t.label) })),
    tools: distinct([...measurements.map((m) => m.sourceTool), ...measurements.map((m) => m.probe && `probe ${m.probe}`)]),
    judges: distinct(
      measurements.flatMap((m) => [m.detector, m.judgeName && [m.judgeName, m.judgeVersion, m.judgeModel].filter(Boolean).join(" ")]),
    ),
    coverage: { counts: coverage.counts, families: coverage.families, results: coverage.results },
    findings: report.findings,
    riskAcceptances: accepted.map((r) => ({ ...r, expiresOn: r.expiresOn ?? null })),
  };
}
