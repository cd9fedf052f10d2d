import "server-only";
import { FINDING_STATUS_LABELS, type RetestResult } from "@/lib/domain/finding";
import type { ImportFormat } from "@/lib/domain/finding-import";
import { comparisonSentence, isAiFinding, judgeLabel, measuredRetestVerdict } from "@/lib/domain/finding-measurement";
import type { RateComparison } from "@/lib/domain/rate-difference";
import type { AdminActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import { type JudgeIdentity, latestValidationOf } from "./judges/validations";
import { latestMeasurementOf, type MeasurementTarget, NOT_AN_AI_FINDING } from "./rows";

// What a retest's result is (docs/PRODUCT.md#measured-ai-findings): the firm's choice for a finding
// that is not an AI one; for an AI one, what its counts show, its judge and any person's review
// weighed, and its difference from the firm's previous measurement tested.

export type RetestResultCall = {
  actor: AdminActor;
  findingId: string;
  result?: RetestResult;
  note: string;
  trials?: number;
  successes?: number;
  provider?: string | null;
  modelId?: string | null;
  modelVersion?: string | null;
} & Partial<JudgeIdentity> & { reviewSample?: number | null; reviewFound?: number | null; reviewerName?: string | null };

export type RetestCounts = { trials: number; successes: number } & MeasurementTarget &
  JudgeIdentity & { reviewSample: number | null; reviewFound: number | null; reviewerName: string | null };

const badRetest = (message: string, field?: string) =>
  new AppError("bad_request", message, field ? { fieldErrors: { [field]: message } } : undefined);

/** The result a retest records, and for an AI finding the counts it stores and the tested difference. */
export async function retestVerdict(
  tx: DbOrTx,
  {
    finding,
    chosen,
    minTrials,
    measured,
  }: {
    finding: { id: string; owaspLlm: string[]; atlas: string[]; sourceTool: ImportFormat | null };
    chosen: RetestResult | undefined;
    minTrials: number;
    measured: Omit<RetestResultCall, "actor" | "findingId" | "result" | "note">;
  },
): Promise<{ result: RetestResult; counts: RetestCounts | null; comparison: RateComparison | null }> {
  if (!isAiFinding(finding)) {
    if (!chosen) throw badRetest("Choose a result", "result");
    if (chosen === "reduced") throw badRetest("Reduced is a result of an AI finding's measured retest only.", "result");
    if (measured.trials !== undefined) throw badRetest(NOT_AN_AI_FINDING, "trials");
    return { result: chosen, counts: null, comparison: null };
  }
  const { trials, successes, provider = null, modelId = null, modelVersion = null } = measured;
  if (trials === undefined || successes === undefined)
    throw badRetest("An AI finding's retest needs its trials and successes.", trials === undefined ? "trials" : "successes");
  if (!modelVersion) throw badRetest("Name the model version the retest tried.", "modelVersion");
  const judge: JudgeIdentity = {
    judgeName: measured.judgeName ?? null,
    judgeVersion: measured.judgeVersion ?? null,
    judgeModel: measured.judgeModel ?? null,
    judgeRubricVersion: measured.judgeRubricVersion ?? null,
  };
  const { reviewSample, reviewFound, reviewerName } = measured;
  const review =
    reviewSample && reviewFound !== undefined && reviewFound !== null && reviewerName
      ? { sample: reviewSample, found: reviewFound, reviewer: reviewerName }
      : null;
  if (review && review.sample > trials) throw badRetest("The reviewed sample cannot exceed the trials.", "reviewSample");
  const [previous, validation] = await Promise.all([latestMeasurementOf(tx, finding.id), latestValidationOf(tx, judge)]);
  const verdict = measuredRetestVerdict({
    successes,
    trials,
    minTrials,
    previous,
    judge: { label: judgeLabel(judge), validation: validation?.counts ?? null, review },
  });
  if (!verdict.ok) throw badRetest(verdict.message, "trials");
  if (chosen && chosen !== verdict.result)
    throw badRetest(
      `${successes} of ${trials} makes this retest ${FINDING_STATUS_LABELS[verdict.result]}, not ${FINDING_STATUS_LABELS[chosen]}.`,
      "result",
    );
  const counts: RetestCounts = {
    trials,
    successes,
    provider,
    modelId,
    modelVersion,
    ...judge,
    reviewSample: review?.sample ?? null,
    reviewFound: review?.found ?? null,
    reviewerName: review?.reviewer ?? null,
  };
  return { result: verdict.result, counts, comparison: verdict.comparison };
}

/** The timeline's words beside the rate: the tested difference, and who reviewed the outputs. */
export function verdictNote(comparison: RateComparison | null, counts: RetestCounts | null): string | null {
  const lines = [
    comparison && `${comparisonSentence(comparison)} from the firm's previous measurement.`,
    counts?.reviewerName &&
      `${counts.reviewerName} reviewed ${counts.reviewSample} of the outputs and found ${counts.reviewFound} ${counts.reviewFound === 1 ? "success" : "successes"}.`,
  ].filter(Boolean);
  return lines.length ? lines.join("\n") : null;
}
