import "server-only";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { findProject } from "@/features/projects/server";
import { ATLAS_CATALOGUE, ATLAS_RELEASE, type PlanCase, planCasesSchema, type SavePlanInput } from "@/features/evidence/validation";
import { BUILTIN_CASES, BUILTIN_METHODOLOGY, BUILTIN_PLAN_NAME } from "./builtin-plan";
import { evidenceEngagementPlans, evidencePlans, evidencePlanVersions } from "./schema";

// Test-plan templates and their versions (docs/PRODUCT.md#evidence-packs).

export const PLAN_NOT_FOUND = "Test plan not found.";
export const PLAN_VERSION_NOT_FOUND = "Test plan version not found.";
export const ENGAGEMENT_NOT_FOUND = "Engagement not found.";
export const PLAN_NAME_TAKEN = "Another plan has this name.";

export type PlanVersionRow = { id: string; version: number; caseCount: number; adoptions: number; createdAt: Date };
export type PlanRow = {
  id: string;
  name: string;
  builtin: boolean;
  methodology: string;
  atlasRelease: string;
  cases: PlanCase[];
  versions: PlanVersionRow[];
};

/** Stored cases carry the catalogue's ATLAS name, so a version reads the same whatever later releases rename. */
const canonicalCases = (cases: readonly PlanCase[]): PlanCase[] =>
  cases.map((c) => ({ ...c, atlas: { id: c.atlas.id, name: ATLAS_CATALOGUE[c.atlas.id] } }));

/** A stored version's cases, read back through the same schema (a stored version always passed it). */
export const casesOf = (stored: unknown): PlanCase[] => planCasesSchema.parse(stored);

const adoptionsOf =
  sql<number>`(select count(*) from ${evidenceEngagementPlans} where ${evidenceEngagementPlans.planVersionId} = ${evidencePlanVersions.id})`.mapWith(
    Number,
  );

/** Every plan with its versions, newest first; the latest version's cases for the editor. */
export async function listPlans(db: DbOrTx, { actor }: { actor: AdminActor }): Promise<PlanRow[]> {
  assertAdmin(actor);
  const rows = await db
    .select({
      planId: evidencePlans.id,
      name: evidencePlans.name,
      builtin: evidencePlans.builtin,
      id: evidencePlanVersions.id,
      version: evidencePlanVersions.version,
      methodology: evidencePlanVersions.methodology,
      atlasRelease: evidencePlanVersions.atlasRelease,
      cases: evidencePlanVersions.cases,
      createdAt: evidencePlanVersions.createdAt,
      adoptions: adoptionsOf,
    })
    .from(evidencePlans)
    .innerJoin(evidencePlanVersions, eq(evidencePlanVersions.planId, evidencePlans.id))
    .orderBy(desc(evidencePlans.builtin), asc(evidencePlans.name), desc(evidencePlanVersions.version));
  const plans = new Map<string, PlanRow>();
  for (const row of rows) {
    const cases = row.cases as PlanCase[];
    let plan = plans.get(row.planId);
    if (!plan) {
      plan = {
        id: row.planId,
        name: row.name,
        builtin: row.builtin,
        methodology: row.methodology,
        atlasRelease: row.atlasRelease,
        cases,
        versions: [],
      };
      plans.set(row.planId, plan);
    }
    plan.versions.push({ id: row.id, version: row.version, caseCount: cases.length, adoptions: row.adoptions, createdAt: row.createdAt });
  }
  return [...plans.values()];
}

/**
 * Saves a plan: a new one, or its next content. The latest version is changed in place only while
 * no engagement has adopted it; once adopted it is never changed, and the save makes the next version.
 */
export async function savePlan(db: Db, { actor, input }: { actor: AdminActor; input: SavePlanInput }) {
  assertAdmin(actor);
  return db.transaction(async (tx) => writePlan(tx, { actor, input }));
}

async function writePlan(tx: DbOrTx, { actor, input }: { actor: AdminActor | null; input: SavePlanInput & { builtin?: boolean } }) {
  const cases = canonicalCases(input.cases);
  const [clash] = await tx.select({ id: evidencePlans.id }).from(evidencePlans).where(eq(evidencePlans.name, input.name)).limit(1);
  if (clash && clash.id !== input.planId) throw new AppError("conflict", PLAN_NAME_TAKEN, { fieldErrors: { name: PLAN_NAME_TAKEN } });
  let planId = input.planId;
  if (planId) {
    const [plan] = await tx.select({ id: evidencePlans.id }).from(evidencePlans).where(eq(evidencePlans.id, planId)).for("update").limit(1);
    if (!plan) throw new AppError("not_found", PLAN_NOT_FOUND);
    await tx.update(evidencePlans).set({ name: input.name }).where(eq(evidencePlans.id, planId));
  } else {
    const [plan] = await tx
      .insert(evidencePlans)
      .values({ name: input.name, builtin: input.builtin ?? false })
      .returning({ id: evidencePlans.id });
    planId = plan!.id;
  }
  const [latest] = await tx
    .select({ id: evidencePlanVersions.id, version: evidencePlanVersions.version, adoptions: adoptionsOf })
    .from(evidencePlanVersions)
    .where(eq(evidencePlanVersions.planId, planId))
    .orderBy(desc(evidencePlanVersions.version))
    .limit(1);
  const content = { methodology: input.methodology, atlasRelease: ATLAS_RELEASE, cases };
  let version: { id: string; version: number };
  if (latest && latest.adoptions === 0) {
    await tx.update(evidencePlanVersions).set(content).where(eq(evidencePlanVersions.id, latest.id));
    version = latest;
  } else {
    const [row] = await tx
      .insert(evidencePlanVersions)
      .values({ planId, version: (latest?.version ?? 0) + 1, ...content, createdBy: actor?.userId ?? null })
      .returning({ id: evidencePlanVersions.id, version: evidencePlanVersions.version });
    version = row!;
  }
  if (actor) {
    await recordAudit(tx, {
      actor,
      action: "evidence.plan_save",
      entityType: "evidence_plan",
      entityId: planId,
      after: { name: input.name, version: version.version, cases: cases.length },
    });
  }
  return { planId, planVersionId: version.id, version: version.version };
}

/** The built-in plan, created or brought up to the shipped cases (a new version when an engagement adopted the current one). */
export async function ensureBuiltinPlan(db: DbOrTx): Promise<{ planVersionId: string }> {
  return db.transaction(async (tx) => {
    // Instances starting together: one writes, the others wait and find it written.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('evidence.builtin_plan'))`);
    const [plan] = await tx.select({ id: evidencePlans.id }).from(evidencePlans).where(eq(evidencePlans.builtin, true)).limit(1);
    if (plan) {
      const [latest] = await tx
        .select({ id: evidencePlanVersions.id, cases: evidencePlanVersions.cases, methodology: evidencePlanVersions.methodology })
        .from(evidencePlanVersions)
        .where(eq(evidencePlanVersions.planId, plan.id))
        .orderBy(desc(evidencePlanVersions.version))
        .limit(1);
      const same =
        latest &&
        latest.methodology === BUILTIN_METHODOLOGY &&
        JSON.stringify(latest.cases) === JSON.stringify(canonicalCases(BUILTIN_CASES));
      if (same) return { planVersionId: latest.id };
    }
    const written = await writePlan(tx, {
      actor: null,
      input: { planId: plan?.id, name: BUILTIN_PLAN_NAME, methodology: BUILTIN_METHODOLOGY, cases: BUILTIN_CASES, builtin: true },
    });
    return { planVersionId: written.planVersionId };
  });
}

/** An engagement adopts a plan version; its coverage record is kept by case number. */
export async function adoptPlan(
  db: Db,
  { actor, projectId, planVersionId }: { actor: AdminActor; projectId: string; planVersionId: string },
) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const project = await findProject(tx, projectId);
    if (!project) throw new AppError("not_found", ENGAGEMENT_NOT_FOUND);
    const [version] = await tx
      .select({ id: evidencePlanVersions.id, version: evidencePlanVersions.version, name: evidencePlans.name })
      .from(evidencePlanVersions)
      .innerJoin(evidencePlans, eq(evidencePlans.id, evidencePlanVersions.planId))
      .where(eq(evidencePlanVersions.id, planVersionId))
      .limit(1);
    if (!version) throw new AppError("not_found", PLAN_VERSION_NOT_FOUND);
    await tx
      .insert(evidenceEngagementPlans)
      .values({ projectId, planVersionId, adoptedBy: actor.userId })
      .onConflictDoUpdate({
        target: evidenceEngagementPlans.projectId,
        set: { planVersionId, adoptedBy: actor.userId, adoptedAt: new Date() },
      });
    await recordAudit(tx, {
      actor,
      action: "evidence.plan_adopt",
      entityType: "project",
      entityId: projectId,
      clientId: project.clientId,
      after: { plan: version.name, version: version.version },
    });
    return { adopted: true };
  });
}

/** The plan version an engagement adopted, with its cases; null when none. */
export async function adoptedPlanOf(db: DbOrTx, projectId: string) {
  const [row] = await db
    .select({
      planVersionId: evidencePlanVersions.id,
      name: evidencePlans.name,
      version: evidencePlanVersions.version,
      methodology: evidencePlanVersions.methodology,
      atlasRelease: evidencePlanVersions.atlasRelease,
      cases: evidencePlanVersions.cases,
      adoptedAt: evidenceEngagementPlans.adoptedAt,
    })
    .from(evidenceEngagementPlans)
    .innerJoin(evidencePlanVersions, eq(evidencePlanVersions.id, evidenceEngagementPlans.planVersionId))
    .innerJoin(evidencePlans, eq(evidencePlans.id, evidencePlanVersions.planId))
    .where(and(eq(evidenceEngagementPlans.projectId, projectId)))
    .limit(1);
  return row ? { ...row, cases: row.cases as PlanCase[] } : null;
}
export type AdoptedPlan = NonNullable<Awaited<ReturnType<typeof adoptedPlanOf>>>;
