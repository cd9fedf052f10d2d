import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { FindingStatus } from "@/lib/domain/finding";
import { compareRun, type RunComparison } from "@/lib/domain/rerun";
import type { Actor } from "@/server/core/actor";
import type { Db } from "@/server/core/db/client";
import { findingMeasurements } from "../schema/measurements";
import { findings } from "../schema/records";
import { rerunRuns } from "../schema/reruns";
import { projects } from "@/features/projects/server/schema";
import { AppError } from "@/server/core/errors";
import { previousRun } from "./runs";
import { assertFindingsReach } from "../finding-scope";

// The run-to-run comparison (docs/PRODUCT.md#measured-ai-findings): each finding of either run
// with both rates and Newcombe's interval of the difference. Read by the firm and by the
// company's own people; another company's run answers 404 like a missing one.

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
export type RunComparisonRow = RunComparison & {
  findingId: string;
  title: string;
  status: FindingStatus;
  current: RunCounts | null;
  previous: RunCounts | null;
};
export type RunComparisonPage = { run: RunSummary; previous: RunSummary | null; rows: RunComparisonRow[] };

const runColumns = {
  id: rerunRuns.id,
  projectId: rerunRuns.projectId,
  projectName: projects.projectName,
  clientId: projects.clientId,
  provider: rerunRuns.provider,
  modelId: rerunRuns.modelId,
  modelVersion: rerunRuns.modelVersion,
  source: rerunRuns.source,
  recordedByName: rerunRuns.recordedByName,
  createdAt: rerunRuns.createdAt,
};
type RunRow = Omit<RunSummary, "recordedAt"> & { clientId: string; createdAt: Date };
const summaryOf = ({ clientId: _clientId, createdAt, ...row }: RunRow): RunSummary => ({ ...row, recordedAt: createdAt.toISOString() });
const scopeOf = (actor: Actor) => (actor.role === "admin" ? undefined : eq(projects.clientId, actor.clientId));

/** The engagement's runs, newest first (its own company's for a client; 404 for another's engagement). */
export async function listEngagementRuns(db: Db, { actor, projectId }: { actor: Actor; projectId: string }): Promise<RunSummary[]> {
  assertFindingsReach(actor);
  const rows = await db
    .select(runColumns)
    .from(rerunRuns)
    .innerJoin(projects, eq(projects.id, rerunRuns.projectId))
    .where(and(eq(rerunRuns.projectId, projectId), scopeOf(actor)))
    .orderBy(desc(rerunRuns.createdAt), desc(rerunRuns.id))
    .limit(200);
  return rows.map(summaryOf);
}

async function countsOf(db: Db, runId: string) {
  const rows = await db
    .select({
      findingId: findingMeasurements.findingId,
      trials: findingMeasurements.trials,
      successes: findingMeasurements.successes,
      turnsUsed: findingMeasurements.turnsUsed,
      turnBudget: findingMeasurements.turnBudget,
      seedPrompts: findingMeasurements.seedPrompts,
      effectiveTrials: findingMeasurements.effectiveTrials,
    })
    .from(findingMeasurements)
    .where(eq(findingMeasurements.rerunId, runId));
  return new Map(rows.map(({ findingId, ...counts }) => [findingId, counts]));
}

/**
 * A run against the previous one on the same version. A client reads only its company's runs, and
 * only published findings (a run names no other, but a finding unpublished since is left out).
 */
export async function getRunComparison(db: Db, { actor, runId }: { actor: Actor; runId: string }): Promise<RunComparisonPage> {
  assertFindingsReach(actor);
  const [row] = await db
    .select(runColumns)
    .from(rerunRuns)
    .innerJoin(projects, eq(projects.id, rerunRuns.projectId))
    .where(and(eq(rerunRuns.id, runId), scopeOf(actor)))
    .limit(1);
  if (!row) throw RUN_NOT_FOUND();
  const before = await previousRun(db, row);
  const [previousRow] = before
    ? await db
        .select(runColumns)
        .from(rerunRuns)
        .innerJoin(projects, eq(projects.id, rerunRuns.projectId))
        .where(eq(rerunRuns.id, before.id))
    : [];
  const current = await countsOf(db, row.id);
  const previous = before ? await countsOf(db, before.id) : new Map<string, RunCounts>();
  const ids = [...new Set([...current.keys(), ...previous.keys()])];
  const titles = ids.length
    ? await db
        .select({ id: findings.id, title: findings.title, status: findings.status, publishedAt: findings.publishedAt })
        .from(findings)
        .where(inArray(findings.id, ids))
    : [];
  const rows = titles
    .filter((finding) => finding.publishedAt !== null || actor.role === "admin")
    .flatMap((finding) => {
      const now = current.get(finding.id) ?? null;
      const then = previous.get(finding.id) ?? null;
      const comparison = compareRun(now, then);
      return comparison
        ? [{ findingId: finding.id, title: finding.title, status: finding.status, current: now, previous: then, ...comparison }]
        : [];
    })
    .sort((a, b) => a.title.localeCompare(b.title));
  return { run: summaryOf(row), previous: previousRow ? summaryOf(previousRow) : null, rows };
}
