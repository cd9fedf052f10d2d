import "server-only";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { type AdminActor, assertAdmin, type ClientActor, personIdOf } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { currentVersionsOf } from "@/features/measurements/server";
import { findingFacts } from "@/features/findings/server";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { findProject } from "@/features/projects/server";
import {
  type CaseStatus,
  coverageByFamily,
  coverageCells,
  coverageSentence,
  countCells,
  type RecordCaseInput,
} from "@/features/evidence/validation";
import { adoptedPlanOf, ENGAGEMENT_NOT_FOUND } from "./plans";
import { evidenceCaseLinks, evidenceCaseResults, evidenceEngagementPlans } from "./schema";

// The coverage record of an engagement (docs/PRODUCT.md#evidence-packs): each case of its adopted
// plan on each target, with its status, counts, reason and linked findings.

export const NO_ADOPTED_PLAN = "Adopt a test plan for this engagement first.";
export const UNKNOWN_CASE = "This case is not in the engagement's plan.";
export const UNKNOWN_TARGET = "This target is not one of the engagement's.";
export const FINDING_NOT_OF_ENGAGEMENT = "A linked finding is not one of this engagement's.";
/** The one target of an engagement that names no model version. */
export const WHOLE_ENGAGEMENT = "Whole engagement";

/** The engagement's targets: each provider/model its model versions name, or the engagement as a whole. */
export async function engagementTargets(db: DbOrTx, projectId: string) {
  const rows = await currentVersionsOf(db, projectId);
  const targets = rows.map((r) => ({ label: r.provider ? `${r.provider}/${r.modelId}` : r.modelId, ...r }));
  return targets.length > 0 ? targets : [{ label: WHOLE_ENGAGEMENT, provider: null, modelId: null, modelVersion: null }];
}

async function projectOf(db: DbOrTx, actor: AdminActor | ClientActor, projectId: string) {
  const project = await findProject(db, projectId, actor.role === "client" ? actor.clientId : undefined);
  if (!project) throw new AppError("not_found", ENGAGEMENT_NOT_FOUND);
  return { id: project.id, clientId: project.clientId, name: project.projectName };
}

/** Records one case's result on one target (replacing the one before) with its linked findings. Audited. */
export async function recordCaseResult(db: Db, { actor, input }: { actor: AdminActor; input: RecordCaseInput }) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const project = await projectOf(tx, actor, input.projectId);
    const plan = await adoptedPlanOf(tx, project.id);
    if (!plan) throw new AppError("conflict", NO_ADOPTED_PLAN);
    if (!plan.cases.some((c) => c.no === input.caseNo))
      throw new AppError("bad_request", UNKNOWN_CASE, { fieldErrors: { caseNo: UNKNOWN_CASE } });
    const targets = await engagementTargets(tx, project.id);
    if (!targets.some((t) => t.label === input.target))
      throw new AppError("bad_request", UNKNOWN_TARGET, { fieldErrors: { target: UNKNOWN_TARGET } });
    if (input.findingIds.length > 0) {
      const findings = findingFacts(tx);
      const own = await tx
        .select({ id: findings.findingId })
        .from(findings)
        .where(and(inArray(findings.findingId, input.findingIds), eq(findings.projectId, project.id)));
      if (own.length !== new Set(input.findingIds).size) {
        throw new AppError("bad_request", FINDING_NOT_OF_ENGAGEMENT, { fieldErrors: { findingIds: FINDING_NOT_OF_ENGAGEMENT } });
      }
    }
    const values = {
      status: input.status,
      trials: input.trials ?? null,
      successes: input.successes ?? null,
      reason: input.reason,
      recordedBy: personIdOf(actor),
      recordedByName: actor.name || actor.email,
      recordedAt: new Date(),
    };
    await tx
      .insert(evidenceCaseResults)
      .values({ clientId: project.clientId, projectId: project.id, target: input.target, caseNo: input.caseNo, ...values })
      .onConflictDoUpdate({ target: [evidenceCaseResults.projectId, evidenceCaseResults.target, evidenceCaseResults.caseNo], set: values });
    const cell = and(
      eq(evidenceCaseLinks.projectId, project.id),
      eq(evidenceCaseLinks.target, input.target),
      eq(evidenceCaseLinks.caseNo, input.caseNo),
    );
    await tx.delete(evidenceCaseLinks).where(and(cell, isNotNull(evidenceCaseLinks.findingId)));
    if (input.findingIds.length > 0) {
      await tx.insert(evidenceCaseLinks).values(
        [...new Set(input.findingIds)].map((findingId) => ({
          projectId: project.id,
          target: input.target,
          caseNo: input.caseNo,
          findingId,
        })),
      );
    }
    await recordAudit(tx, {
      actor,
      action: "evidence.case_record",
      entityType: "project",
      entityId: project.id,
      clientId: project.clientId,
      after: { case: input.caseNo, target: input.target, status: input.status },
    });
    return { recorded: true };
  });
}

export type CoverageResult = {
  caseNo: string;
  target: string;
  status: CaseStatus;
  trials: number | null;
  successes: number | null;
  reason: string | null;
  recordedByName: string;
  recordedAt: string;
  findings: { id: string; title: string }[];
};

/**
 * An engagement's coverage: the adopted plan, the targets, every recorded result with its linked
 * findings (a client sees only published ones), and the counts per control family. Null when no
 * plan is adopted. A client reads only its own company's engagements (another's is a 404).
 */
export async function getCoverage(db: DbOrTx, { actor, projectId }: { actor: AdminActor | ClientActor; projectId: string }) {
  const project = await projectOf(db, actor, projectId);
  const plan = await adoptedPlanOf(db, project.id);
  if (!plan) return null;
  const findings = findingFacts(db);
  const [targets, results, links] = await Promise.all([
    engagementTargets(db, project.id),
    db
      .select({
        caseNo: evidenceCaseResults.caseNo,
        target: evidenceCaseResults.target,
        status: evidenceCaseResults.status,
        trials: evidenceCaseResults.trials,
        successes: evidenceCaseResults.successes,
        reason: evidenceCaseResults.reason,
        recordedByName: evidenceCaseResults.recordedByName,
        recordedAt: evidenceCaseResults.recordedAt,
      })
      .from(evidenceCaseResults)
      .where(eq(evidenceCaseResults.projectId, project.id))
      .orderBy(asc(evidenceCaseResults.caseNo)),
    db
      .select({ caseNo: evidenceCaseLinks.caseNo, target: evidenceCaseLinks.target, id: findings.findingId, title: findings.title })
      .from(evidenceCaseLinks)
      .innerJoin(findings, eq(findings.findingId, evidenceCaseLinks.findingId))
      .where(and(eq(evidenceCaseLinks.projectId, project.id), actor.role === "client" ? isNotNull(findings.publishedAt) : undefined)),
  ]);
  const targetLabels = [...new Set([...targets.map((t) => t.label), ...results.map((r) => r.target)])];
  const caseNos = new Set(plan.cases.map((c) => c.no));
  const rows: CoverageResult[] = results
    .filter((r) => caseNos.has(r.caseNo))
    .map((r) => ({
      ...r,
      recordedAt: r.recordedAt.toISOString(),
      findings: links.filter((l) => l.caseNo === r.caseNo && l.target === r.target).map((l) => ({ id: l.id, title: l.title })),
    }))
    // A client sees a case fail once a finding that shows it is published: until then (a scan
    // import's drafts, the firm still reviewing) the case reads as not started.
    .filter((r) => actor.role === "admin" || r.status !== "failed" || r.findings.length > 0);
  const cells = coverageCells(plan.cases, targetLabels, rows);
  const counts = countCells(cells);
  return {
    project,
    plan: { name: plan.name, version: plan.version, methodology: plan.methodology, atlasRelease: plan.atlasRelease, cases: plan.cases },
    targets: targets.map((t) => ({ label: t.label, provider: t.provider, modelId: t.modelId, modelVersion: t.modelVersion })),
    results: rows,
    counts,
    sentence: coverageSentence(counts),
    families: coverageByFamily(plan.cases, cells),
  };
}
export type Coverage = NonNullable<Awaited<ReturnType<typeof getCoverage>>>;

/** The engagement's findings a case can link to (drafts included: the firm links before it publishes). */
export async function linkableFindings(db: DbOrTx, { actor, projectId }: { actor: AdminActor; projectId: string }) {
  assertAdmin(actor);
  const findings = findingFacts(db);
  return db
    .select({ id: findings.findingId, title: findings.title, owaspLlm: findings.owaspLlm, atlas: findings.atlas })
    .from(findings)
    .where(eq(findings.projectId, projectId))
    .orderBy(findings.severityRank, asc(findings.title));
}

/** The engagement an evidence page is of (name, company), or null when there is none. */
export async function evidenceEngagement(db: DbOrTx, { actor, projectId }: { actor: AdminActor; projectId: string }) {
  assertAdmin(actor);
  const project = await findProject(db, projectId);
  return project ? { id: project.id, clientId: project.clientId, name: project.projectName } : null;
}

/**
 * Writes an engagement's adopted plan and recorded results as given, without audit: the demo
 * data's writer (the admin's changes go through adoptPlan and recordCaseResult).
 */
export async function writeCoverageRecord(
  tx: DbOrTx,
  {
    projectId,
    clientId,
    planVersionId,
    by,
    at,
    results,
  }: {
    projectId: string;
    clientId: string;
    planVersionId: string;
    by: { id: string; name: string };
    at: Date;
    results: {
      caseNo: string;
      target: string;
      status: CaseStatus;
      trials?: number;
      successes?: number;
      reason?: string;
      findingId?: string;
    }[];
  },
) {
  await tx.insert(evidenceEngagementPlans).values({ projectId, planVersionId, adoptedBy: by.id, adoptedAt: at });
  await tx.insert(evidenceCaseResults).values(
    results.map((r) => ({
      clientId,
      projectId,
      target: r.target,
      caseNo: r.caseNo,
      status: r.status,
      trials: r.trials ?? null,
      successes: r.successes ?? null,
      reason: r.reason ?? null,
      recordedBy: by.id,
      recordedByName: by.name,
      recordedAt: at,
    })),
  );
  const linked = results.filter((r) => r.findingId);
  if (linked.length > 0) {
    await tx
      .insert(evidenceCaseLinks)
      .values(linked.map((r) => ({ projectId, target: r.target, caseNo: r.caseNo, findingId: r.findingId! })));
  }
}
