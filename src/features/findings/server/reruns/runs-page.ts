import "server-only";
import type { Actor } from "@/server/core/actor";
import type { Db } from "@/server/core/db/client";
import { uuidSchema } from "@/lib/validation/common";
import { AppError } from "@/server/core/errors";
import { assertFindingsReach } from "../finding-scope";
import { listEngagementRuns, listRerunSchedules, type RerunSchedule, type RunSummary } from "@/features/measurements/server";
import { getRunComparison, type RunComparisonPage } from "./compare";

export type RunsPage = { schedules: RerunSchedule[]; runs: RunSummary[]; comparison: RunComparisonPage | null };

/**
 * The runs page's data: the engagement's schedules and runs and the chosen run's comparison (the
 * newest when none or another engagement's is chosen). Null for an engagement that is missing or
 * another company's, like a malformed id.
 */
export async function loadRunsPage(
  db: Db,
  { actor, projectId, runId }: { actor: Actor; projectId: unknown; runId: unknown },
): Promise<RunsPage | null> {
  const project = uuidSchema.safeParse(projectId);
  if (!project.success) return null;
  // Withheld from this member: refused before the engagement is looked up (docs/PRODUCT.md#portal-team).
  assertFindingsReach(actor);
  const schedules = await listRerunSchedules(db, { actor, projectId: project.data }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  });
  if (!schedules) return null;
  const runs = await listEngagementRuns(db, { actor, projectId: project.data });
  const chosen = runs.find((run) => run.id === runId) ?? runs[0];
  const comparison = chosen ? await getRunComparison(db, { actor, runId: chosen.id }) : null;
  return { schedules, runs, comparison };
}
