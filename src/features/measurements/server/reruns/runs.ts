import "server-only";
import { and, desc, eq, lt, or } from "drizzle-orm";
import { nextDueAt, type RerunSource } from "@/lib/domain/rerun";
import { type Actor, personIdOf } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { rerunRuns, rerunSchedules } from "../schema/reruns";
import { projectFacts } from "@/features/projects/server";
import { AppError } from "@/server/core/errors";
import { assertFindingsReach, sameRerunProvider } from "./engagement";

// The runs of an engagement target's reproducers (docs/PRODUCT.md#measured-ai-findings): rows only
// added, each compared with the previous run on the same version. The findings slice records a run
// (its findings' counts, a client's as any CI run) and draws the comparison with its findings.

export const RUN_NOT_FOUND = () => new AppError("not_found", "Run not found");

export type RunCounts = {
  trials: number;
  successes: number;
  turnsUsed: number | null;
  turnBudget: number | null;
  seedPrompts: number | null;
  effectiveTrials: number | null;
};
export type RunSummary = {
  id: string;
  projectId: string;
  projectName: string;
  provider: string | null;
  modelId: string;
  modelVersion: string;
  source: "ci" | "import";
  recordedByName: string;
  recordedAt: string;
};

type ProjectFacts = ReturnType<typeof projectFacts>;
// Each read joins the engagement's facts: its name, and its client for the client's scope.
const runColumns = (facts: ProjectFacts) => ({
  id: rerunRuns.id,
  projectId: rerunRuns.projectId,
  projectName: facts.projectName,
  clientId: facts.clientId,
  provider: rerunRuns.provider,
  modelId: rerunRuns.modelId,
  modelVersion: rerunRuns.modelVersion,
  source: rerunRuns.source,
  recordedByName: rerunRuns.recordedByName,
  createdAt: rerunRuns.createdAt,
});
type RunRow = Omit<RunSummary, "recordedAt"> & { clientId: string; createdAt: Date };
const summaryOf = ({ clientId: _clientId, createdAt, ...row }: RunRow): RunSummary => ({ ...row, recordedAt: createdAt.toISOString() });
const scopeOf = (facts: ProjectFacts, actor: Actor) => (actor.role === "admin" ? undefined : eq(facts.clientId, actor.clientId));

/** The engagement's runs, newest first (its own company's for a client; 404 for another's engagement). */
export async function listEngagementRuns(db: Db, { actor, projectId }: { actor: Actor; projectId: string }): Promise<RunSummary[]> {
  assertFindingsReach(actor);
  const facts = projectFacts(db);
  const rows = await db
    .select(runColumns(facts))
    .from(rerunRuns)
    .innerJoin(facts, eq(facts.projectId, rerunRuns.projectId))
    .where(and(eq(rerunRuns.projectId, projectId), scopeOf(facts, actor)))
    .orderBy(desc(rerunRuns.createdAt), desc(rerunRuns.id))
    .limit(200);
  return rows.map(summaryOf);
}

/** A run and the one before it on the same version: its own company's for a client, else RUN_NOT_FOUND. */
export async function runWithPrevious(db: Db, { actor, runId }: { actor: Actor; runId: string }) {
  assertFindingsReach(actor);
  const facts = projectFacts(db);
  const [row] = await db
    .select(runColumns(facts))
    .from(rerunRuns)
    .innerJoin(facts, eq(facts.projectId, rerunRuns.projectId))
    .where(and(eq(rerunRuns.id, runId), scopeOf(facts, actor)))
    .limit(1);
  if (!row) throw RUN_NOT_FOUND();
  const before = await previousRun(db, row);
  const [previousRow] = before
    ? await db
        .select(runColumns(facts))
        .from(rerunRuns)
        .innerJoin(facts, eq(facts.projectId, rerunRuns.projectId))
        .where(eq(rerunRuns.id, before.id))
    : [];
  return { run: summaryOf(row), previousId: before?.id ?? null, previous: previousRow ? summaryOf(previousRow) : null };
}

/** The run before this one on the same engagement, target and model version, if any. */
export async function previousRun(
  db: DbOrTx,
  run: { id: string; projectId: string; provider: string | null; modelId: string; modelVersion: string; createdAt: Date },
) {
  const [row] = await db
    .select({ id: rerunRuns.id, createdAt: rerunRuns.createdAt, recordedByName: rerunRuns.recordedByName, source: rerunRuns.source })
    .from(rerunRuns)
    .where(
      and(
        eq(rerunRuns.projectId, run.projectId),
        eq(rerunRuns.modelId, run.modelId),
        eq(rerunRuns.modelVersion, run.modelVersion),
        sameRerunProvider(rerunRuns.provider, run.provider),
        or(lt(rerunRuns.createdAt, run.createdAt), and(eq(rerunRuns.createdAt, run.createdAt), lt(rerunRuns.id, run.id))),
      ),
    )
    .orderBy(desc(rerunRuns.createdAt), desc(rerunRuns.id))
    .limit(1);
  return row ?? null;
}

type RunTarget = { provider: string | null; modelId: string; modelVersion: string };

/**
 * Starts a run of the target in the caller's transaction: the target's schedule locked (if it has
 * one) and the run's row added. `finishRun` then moves the schedule to its next due time.
 */
export async function startRun(tx: DbOrTx, { actor, projectId, target }: { actor: Actor; projectId: string; target: RunTarget }) {
  const source: RerunSource = actor.role === "admin" ? "import" : "ci";
  const [schedule] = await tx
    .select({ id: rerunSchedules.id, cadence: rerunSchedules.cadence })
    .from(rerunSchedules)
    .where(
      and(
        eq(rerunSchedules.projectId, projectId),
        eq(rerunSchedules.modelId, target.modelId),
        sameRerunProvider(rerunSchedules.provider, target.provider),
      ),
    )
    .for("update")
    .limit(1);
  const [run] = await tx
    .insert(rerunRuns)
    .values({
      projectId,
      scheduleId: schedule?.id ?? null,
      provider: target.provider,
      modelId: target.modelId,
      modelVersion: target.modelVersion,
      source,
      recordedBy: personIdOf(actor),
      recordedByName: actor.name,
    })
    .returning({ id: rerunRuns.id });
  return { rerunId: run!.id, schedule: schedule ?? null };
}

/** The run's schedule, if any, due again a cadence from now and no longer overdue. */
export async function finishRun(tx: DbOrTx, schedule: { id: string; cadence: (typeof rerunSchedules.$inferSelect)["cadence"] } | null) {
  if (!schedule) return;
  const now = new Date();
  await tx
    .update(rerunSchedules)
    .set({ dueAt: nextDueAt(schedule.cadence, now), overdueAt: null })
    .where(eq(rerunSchedules.id, schedule.id));
}
