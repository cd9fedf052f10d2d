import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { isAiFinding } from "@/lib/domain/finding-measurement";
import type { RerunValues } from "@/features/measurements/validation";
import { type Actor, personIdOf } from "@/server/core/actor";
import type { Db } from "@/server/core/db/client";
import { findings } from "../schema/records";
import { AppError } from "@/server/core/errors";
import { engagementOf, finishRun, insertMeasurement, startRun } from "@/features/measurements/server";
import { NO_RUNS_FOR_THIS_FINDING, recordClientRun } from "../client-runs";

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
    const target = { provider: input.provider, modelId: input.modelId, modelVersion: input.modelVersion };
    const { rerunId, schedule } = await startRun(tx, { actor, projectId: project.id, target });
    let regressed = 0;
    for (const result of input.results) {
      const { findingId, trials, successes, turnsUsed, turnBudget, seedPrompts } = result;
      const columns = { rerunId, turnsUsed, turnBudget, seedPrompts, effectiveTrials: null };
      if (actor.role === "admin") {
        await insertMeasurement(tx, {
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
    await finishRun(tx, schedule);
    return { id: rerunId, findings: input.results.length, regressed };
  });
}
