import "server-only";
import { and, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { isAiFinding } from "@/lib/domain/finding-measurement";
import { nextDueAt, type RerunSource } from "@/lib/domain/rerun";
import type { RerunValues } from "@/features/findings/validation";
import { type Actor, personIdOf } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { findingMeasurements } from "../schema/measurements";
import { findings } from "../schema/records";
import { rerunRuns, rerunSchedules } from "../schema/reruns";
import { AppError } from "@/server/core/errors";
import { NO_RUNS_FOR_THIS_FINDING, recordClientRun } from "../client-runs";
import { engagementOf, sameRerunProvider } from "./engagement";

// A run of an engagement target's reproducers on one model version (docs/PRODUCT.md#measured-ai-findings):
// posted by the client's CI through the company API, or imported by the firm. Each finding's counts
// are a measurement naming the run; a finding the run leaves out is only "not seen" in the
// comparison, its status untouched: an absent result is no evidence of a fix.

export type RecordedRerun = { id: string; findings: number; regressed: number };

/**
 * Records a run in one transaction: the run, each finding's measurement (the client's through
 * `recordClientRun`, so a fixed finding with successes is Regressed as any CI run makes it; the
 * firm's as an import), and the target's schedule moved to its next due time, no longer overdue.
 * Every finding must be an AI finding of this engagement, else nothing is recorded (400, or 404
 * for one that is not the engagement's).
 */
export async function recordRerun(
  db: Db,
  { actor, projectId, input }: { actor: Actor; projectId: string; input: RerunValues },
): Promise<RecordedRerun> {
  const source: RerunSource = actor.role === "admin" ? "import" : "ci";
  return db.transaction(async (tx) => {
    const project = await engagementOf(tx, actor, projectId);
    const ids = input.results.map((r) => r.findingId);
    const rows = await tx
      .select({ id: findings.id, owaspLlm: findings.owaspLlm, atlas: findings.atlas, sourceTool: findings.sourceTool })
      .from(findings)
      .where(and(inArray(findings.id, ids), eq(findings.projectId, project.id), sql`${findings.publishedAt} is not null`));
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) throw new AppError("not_found", `Finding ${id} is not a published finding of this engagement.`);
      if (!isAiFinding(row)) throw new AppError("bad_request", NO_RUNS_FOR_THIS_FINDING);
    }
    const [schedule] = await tx
      .select({ id: rerunSchedules.id, cadence: rerunSchedules.cadence })
      .from(rerunSchedules)
      .where(
        and(
          eq(rerunSchedules.projectId, project.id),
          eq(rerunSchedules.modelId, input.modelId),
          sameRerunProvider(rerunSchedules.provider, input.provider),
        ),
      )
      .for("update")
      .limit(1);
    const [run] = await tx
      .insert(rerunRuns)
      .values({
        projectId: project.id,
        scheduleId: schedule?.id ?? null,
        provider: input.provider,
        modelId: input.modelId,
        modelVersion: input.modelVersion,
        source,
        recordedBy: personIdOf(actor),
        recordedByName: actor.name,
      })
      .returning({ id: rerunRuns.id });
    const rerunId = run!.id;
    let regressed = 0;
    for (const result of input.results) {
      const { findingId, trials, successes, turnsUsed, turnBudget, seedPrompts } = result;
      const columns = { rerunId, turnsUsed, turnBudget, seedPrompts, effectiveTrials: null };
      const target = { provider: input.provider, modelId: input.modelId, modelVersion: input.modelVersion };
      if (actor.role === "admin") {
        await tx.insert(findingMeasurements).values({
          findingId,
          source: "import",
          trials,
          successes,
          ...target,
          ...columns,
          recordedBy: personIdOf(actor),
          recordedByName: actor.name,
        });
        continue;
      }
      const counts = { trials, successes, ...target, probe: null, detector: null };
      const hashes = { systemPromptSha256: null, toolManifestSha256: null, guardrailConfigSha256: null };
      const recorded = await recordClientRun(tx, { actor, findingId, input: { ...counts, ...hashes }, rerun: columns });
      if (recorded.regressed) regressed += 1;
    }
    if (schedule) {
      const now = new Date();
      await tx
        .update(rerunSchedules)
        .set({ dueAt: nextDueAt(schedule.cadence, now), overdueAt: null })
        .where(eq(rerunSchedules.id, schedule.id));
    }
    return { id: rerunId, findings: input.results.length, regressed };
  });
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
