import "server-only";
import { inArray } from "drizzle-orm";
import type { FindingStatus } from "@/lib/domain/finding";
import { compareRun, type RunComparison } from "@/lib/domain/rerun";
import type { Actor } from "@/server/core/actor";
import type { Db } from "@/server/core/db/client";
import { findings } from "../schema/records";
import { type RunCounts, runCountsOf, type RunSummary, runWithPrevious } from "@/features/measurements/server";

// The run-to-run comparison (docs/PRODUCT.md#measured-ai-findings): each finding of either run
// with both rates and Newcombe's interval of the difference. Read by the firm and by the
// company's own people; another company's run answers 404 like a missing one (the runs are the
// measurements slice's).

export type RunComparisonRow = RunComparison & {
  findingId: string;
  title: string;
  status: FindingStatus;
  current: RunCounts | null;
  previous: RunCounts | null;
};
export type RunComparisonPage = { run: RunSummary; previous: RunSummary | null; rows: RunComparisonRow[] };

/**
 * A run against the previous one on the same version. A client reads only its company's runs, and
 * only published findings (a run names no other, but a finding unpublished since is left out).
 */
export async function getRunComparison(db: Db, { actor, runId }: { actor: Actor; runId: string }): Promise<RunComparisonPage> {
  const { run, previousId, previous: previousRun } = await runWithPrevious(db, { actor, runId });
  const current = await runCountsOf(db, run.id);
  const previous = previousId ? await runCountsOf(db, previousId) : new Map<string, RunCounts>();
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
  return { run, previous: previousRun, rows };
}
