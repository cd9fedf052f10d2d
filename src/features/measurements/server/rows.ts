import "server-only";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { FIRM_MEASUREMENT_SOURCES, type MeasurementSource, modelLabel, rateSentence } from "@/lib/domain/finding-measurement";
import type { JudgeConfusion } from "@/lib/domain/judge-accuracy";
import type { AdminActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { findingMeasurements } from "./schema/measurements";
import { type JudgeIdentity, latestValidationOf } from "./judges/validations";

// The measurements of AI findings (docs/PRODUCT.md#measured-ai-findings): each run of an attack as
// k successes in n trials on a model version. Rows are only ever added; the finding's page draws
// them all, the latest first in words.

export type FindingMeasurement = {
  id: string;
  source: MeasurementSource;
  trials: number;
  successes: number;
  provider: string | null;
  modelId: string | null;
  modelVersion: string | null;
  systemPromptSha256: string | null;
  toolManifestSha256: string | null;
  guardrailConfigSha256: string | null;
  probe: string | null;
  detector: string | null;
  importId: string | null;
  retestId: string | null;
  recordedByName: string;
  measuredAt: string;
  review: { sample: number; found: number; reviewer: string } | null;
  /** The latest validation of the measurement's judge: the corrected rate is drawn from it. */
  validation: JudgeConfusion | null;
} & JudgeIdentity;

/** What a measurement says of the target and the attack, as stored with it. */
export type MeasurementTarget = {
  provider: string | null;
  modelId: string | null;
  modelVersion: string | null;
  probe?: string | null;
  detector?: string | null;
};

export const NOT_AN_AI_FINDING =
  "Only an AI finding carries measurements: file it under an OWASP LLM category or an ATLAS technique first.";

const columns = {
  id: findingMeasurements.id,
  source: findingMeasurements.source,
  trials: findingMeasurements.trials,
  successes: findingMeasurements.successes,
  provider: findingMeasurements.provider,
  modelId: findingMeasurements.modelId,
  modelVersion: findingMeasurements.modelVersion,
  systemPromptSha256: findingMeasurements.systemPromptSha256,
  toolManifestSha256: findingMeasurements.toolManifestSha256,
  guardrailConfigSha256: findingMeasurements.guardrailConfigSha256,
  probe: findingMeasurements.probe,
  detector: findingMeasurements.detector,
  judgeName: findingMeasurements.judgeName,
  judgeVersion: findingMeasurements.judgeVersion,
  judgeModel: findingMeasurements.judgeModel,
  judgeRubricVersion: findingMeasurements.judgeRubricVersion,
  reviewSample: findingMeasurements.reviewSample,
  reviewFound: findingMeasurements.reviewFound,
  reviewerName: findingMeasurements.reviewerName,
  importId: findingMeasurements.importId,
  retestId: findingMeasurements.retestId,
  recordedByName: findingMeasurements.recordedByName,
  measuredAt: findingMeasurements.measuredAt,
};

/**
 * A finding's measurements, oldest first. No scope of its own: callers read the finding through
 * its scope first (getFinding), so a client reaches only its own published findings' rows.
 */
export async function measurementsOf(db: DbOrTx, findingId: string): Promise<FindingMeasurement[]> {
  const rows = await db
    .select(columns)
    .from(findingMeasurements)
    .where(eq(findingMeasurements.findingId, findingId))
    .orderBy(asc(findingMeasurements.measuredAt), asc(findingMeasurements.createdAt), asc(findingMeasurements.id))
    .limit(1000);
  const validations = new Map<string, JudgeConfusion | null>();
  for (const row of rows) {
    const judge = judgeOf(row);
    const key = judgeKey(judge);
    if (!validations.has(key)) validations.set(key, (await latestValidationOf(db, judge))?.counts ?? null);
  }
  return rows.map(({ reviewSample, reviewFound, reviewerName, ...row }) => ({
    ...row,
    ...judgeOf(row),
    measuredAt: row.measuredAt.toISOString(),
    review:
      reviewSample !== null && reviewFound !== null && reviewerName
        ? { sample: reviewSample, found: reviewFound, reviewer: reviewerName }
        : null,
    validation: validations.get(judgeKey(judgeOf(row))) ?? null,
  }));
}

/** A measurement's judge: the one it names, else its detector (an import's judge is the tool's detector). */
export function judgeOf(m: JudgeIdentity & { detector: string | null }): JudgeIdentity {
  if (m.judgeName)
    return { judgeName: m.judgeName, judgeVersion: m.judgeVersion, judgeModel: m.judgeModel, judgeRubricVersion: m.judgeRubricVersion };
  return { judgeName: m.detector, judgeVersion: null, judgeModel: null, judgeRubricVersion: null };
}

const judgeKey = (j: JudgeIdentity) => JSON.stringify([j.judgeName, j.judgeVersion, j.judgeModel, j.judgeRubricVersion]);

/**
 * The firm's latest measurement of a finding (what a retest is compared with), or null. A client's
 * CI run is the client's account, so it never sets the bar the firm's retest is tested against.
 */
export async function latestMeasurementOf(db: DbOrTx, findingId: string) {
  const [row] = await db
    .select({
      trials: findingMeasurements.trials,
      successes: findingMeasurements.successes,
      detector: findingMeasurements.detector,
      judgeName: findingMeasurements.judgeName,
      judgeVersion: findingMeasurements.judgeVersion,
      judgeModel: findingMeasurements.judgeModel,
      judgeRubricVersion: findingMeasurements.judgeRubricVersion,
    })
    .from(findingMeasurements)
    .where(and(eq(findingMeasurements.findingId, findingId), inArray(findingMeasurements.source, [...FIRM_MEASUREMENT_SOURCES])))
    .orderBy(desc(findingMeasurements.measuredAt), desc(findingMeasurements.createdAt))
    .limit(1);
  return row ?? null;
}

/** "14.0% (7 of 50; 95% interval 7.0% to 26.2%) on gateway-model 2026-10": the timeline's note of a measurement. */
export function measurementNote(m: { successes: number; trials: number } & MeasurementTarget): string {
  const model = modelLabel(m);
  return `${rateSentence(m.successes, m.trials)}${model ? ` on ${model}` : ""}`;
}

/** A retest's measurement, written in the retest's transaction by the workflow. */
export async function insertRetestMeasurement(
  tx: DbOrTx,
  m: { findingId: string; retestId: string; trials: number; successes: number; actor: AdminActor } & MeasurementTarget &
    Partial<JudgeIdentity> & { reviewSample?: number | null; reviewFound?: number | null; reviewerName?: string | null },
) {
  const { actor, ...values } = m;
  await tx.insert(findingMeasurements).values({ ...values, source: "retest", recordedBy: actor.userId, recordedByName: actor.name });
}

/** A measurement's columns as stored: the one way a run is added (rows are never changed nor replaced). */
export type NewMeasurement = typeof findingMeasurements.$inferInsert;

/** Adds one measurement (the firm's by hand, a client's run, a re-run's count) in the caller's transaction. */
export async function insertMeasurement(tx: DbOrTx, values: NewMeasurement): Promise<{ id: string }> {
  const [row] = await tx.insert(findingMeasurements).values(values).returning({ id: findingMeasurements.id });
  return row!;
}
