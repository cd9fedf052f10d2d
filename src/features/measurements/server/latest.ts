import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { findingMeasurements } from "./schema/measurements";

// The latest measurements of many findings or retests at once, for the findings slice's reports,
// retest summaries and imports. No scope of their own: the caller has read the findings through theirs.

/** Each finding's latest measurement (one row a finding), for a generated report. */
export async function latestMeasurementsOf(db: DbOrTx, findingIds: string[]) {
  if (findingIds.length === 0) return [];
  return db
    .selectDistinctOn([findingMeasurements.findingId], {
      findingId: findingMeasurements.findingId,
      successes: findingMeasurements.successes,
      trials: findingMeasurements.trials,
      provider: findingMeasurements.provider,
      modelId: findingMeasurements.modelId,
      modelVersion: findingMeasurements.modelVersion,
      measuredAt: findingMeasurements.measuredAt,
    })
    .from(findingMeasurements)
    .where(inArray(findingMeasurements.findingId, findingIds))
    .orderBy(findingMeasurements.findingId, desc(findingMeasurements.measuredAt), desc(findingMeasurements.createdAt));
}

/** The measurement each retest was decided on (its latest), for a retest summary. */
export async function retestMeasurementsOf(db: DbOrTx, retestIds: string[]) {
  return db
    .selectDistinctOn([findingMeasurements.retestId], {
      retestId: findingMeasurements.retestId,
      successes: findingMeasurements.successes,
      trials: findingMeasurements.trials,
    })
    .from(findingMeasurements)
    .where(inArray(findingMeasurements.retestId, retestIds))
    .orderBy(findingMeasurements.retestId, desc(findingMeasurements.measuredAt), desc(findingMeasurements.createdAt));
}

/** The ids as one JSON parameter, for `id in (…)` over any number of them. */
const idList = (ids: string[]) => sql`(select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid)`;

/** Each finding's latest imported measurement (an import's run), for what an applied import hands over. */
export async function importedRunsOf(db: DbOrTx, findingIds: string[]) {
  return db
    .selectDistinctOn([findingMeasurements.findingId], {
      findingId: findingMeasurements.findingId,
      trials: findingMeasurements.trials,
      successes: findingMeasurements.successes,
      provider: findingMeasurements.provider,
      modelId: findingMeasurements.modelId,
    })
    .from(findingMeasurements)
    .where(and(sql`${findingMeasurements.findingId} in ${idList(findingIds)}`, eq(findingMeasurements.source, "import")))
    .orderBy(findingMeasurements.findingId, desc(findingMeasurements.measuredAt), desc(findingMeasurements.createdAt));
}

/** A scheduled re-run's counts, by finding. */
export async function runCountsOf(db: DbOrTx, runId: string) {
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
