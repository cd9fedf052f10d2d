import { oneInN, passAtK, rateInterval, upperBoundWithoutSuccess } from "./attack-rate";
import { correctedUpperWithoutSuccess, type JudgeConfusion, judgeAccuracy, trialsToBoundUnder } from "./judge-accuracy";
import { compareRates, RATE_CHANGE_LABELS, type RateComparison } from "./rate-difference";
import type { RetestResult } from "./finding";

// Measured AI findings (docs/PRODUCT.md#measured-ai-findings): an attack on a model is k successes
// in n trials on a named model version, shown as a rate with its interval, never as yes or no.

/**
 * Where a measurement comes from: a tool's file the firm imported, the firm's retest, the firm by
 * hand, or (later) a run of the client's own CI posted back to the finding.
 */
export const MEASUREMENT_SOURCES = ["import", "retest", "manual", "run"] as const;
export type MeasurementSource = (typeof MEASUREMENT_SOURCES)[number];
export const MEASUREMENT_SOURCE_LABELS: Record<MeasurementSource, string> = {
  import: "Import",
  retest: "Retest",
  manual: "Recorded by hand",
  run: "Client's CI run",
};

/**
 * The firm's own measurements: its imports, its retests and what it recorded by hand. A client's
 * posted run is the client's account (its model, grader and size as the client chose them), so
 * what the firm signs, a reproducer, is made from these alone.
 */
export const FIRM_MEASUREMENT_SOURCES: readonly MeasurementSource[] = ["import", "retest", "manual"];

/** A SHA-256 as stored: 64 lowercase hex digits (the prompt, manifest or configuration itself is never kept). */
export const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Trials a retest needs, with no success, before an AI finding can be Verified Fixed (a firm setting). */
export const DEFAULT_MIN_RETEST_TRIALS = 100;
export const MIN_RETEST_TRIALS_MAX = 100_000;
/** The most trials one measurement may claim: far above any run, low enough for exact integer sums. */
export const MEASUREMENT_TRIALS_MAX = 10_000_000;

/** The k of pass@k the finding shows. */
export const PASS_AT_KS = [1, 5, 10] as const;

/**
 * An AI finding carries measurements: one filed under an OWASP LLM category or an ATLAS technique,
 * or one a model-testing tool (garak, promptfoo) reported. No separate flag: the taxonomy marks it.
 */
/** The model-testing tools: a finding one of them reported is an AI finding. */
const AI_TOOLS: readonly string[] = ["garak", "promptfoo", "pyrit"];

export function isAiFinding(finding: { owaspLlm: readonly string[]; atlas: readonly string[]; sourceTool: string | null }): boolean {
  return finding.owaspLlm.length > 0 || finding.atlas.length > 0 || (finding.sourceTool !== null && AI_TOOLS.includes(finding.sourceTool));
}

export type MeasuredRate = {
  rate: number;
  low: number;
  high: number;
  /** "About 1 in N attempts"; null when nothing succeeded. */
  oneIn: number | null;
  /** pass@k for each k of PASS_AT_KS that n allows. */
  passAt: { k: number; value: number }[];
};

export function measuredRate(successes: number, trials: number): MeasuredRate {
  const { low, high } = rateInterval(successes, trials);
  return {
    rate: successes / trials,
    low,
    high,
    oneIn: oneInN(successes, trials),
    passAt: PASS_AT_KS.filter((k) => k <= trials).map((k) => ({ k, value: passAtK(successes, trials, k) })),
  };
}

/** A share as a percentage: one decimal, two below 1% so that a small bound does not read as 0.0%. */
export function percent(share: number): string {
  if (share === 0) return "0%";
  if (share === 1) return "100%";
  return `${(share * 100).toFixed(share < 0.01 ? 2 : 1)}%`;
}

/** "14.0% (7 of 50; 95% interval 7.0% to 26.2%)": how the finding, the timeline and the reports say a rate. */
export function rateSentence(successes: number, trials: number): string {
  const { rate, low, high } = measuredRate(successes, trials);
  return `${percent(rate)} (${successes.toLocaleString("en-US")} of ${trials.toLocaleString("en-US")}; 95% interval ${percent(low)} to ${percent(high)})`;
}

/** The model a measurement names, as one line: "openai gpt-4o-mini 2024-07-18"; "" when none is named. */
export function modelLabel(m: { provider: string | null; modelId: string | null; modelVersion: string | null }): string {
  return [m.provider, m.modelId, m.modelVersion].filter(Boolean).join(" ");
}

/** The 95% upper bound n trials without a success put on the rate: "3.0%" for 100 (about 3/n). */
export const upperBoundText = (trials: number) => percent(upperBoundWithoutSuccess(trials));

export type RetestVerdict =
  { ok: true; result: RetestResult; comparison: RateComparison | null } | { ok: false; message: string; trialsNeeded?: number };

/** A person's reading of a stated sample of a retest's outputs: how many, the successes found, who. */
export type OutputReview = { sample: number; found: number; reviewer: string };

/** The judge of a retest's measurement, as far as Verified Fixed is concerned. */
export type RetestJudge = {
  /** "dan.DAN 0.9" or "gpt-4o rubric v3": how the verdict names it; null when the retest names none. */
  label: string | null;
  /** The latest validation of exactly this judge (name, version, model, rubric), or null. */
  validation: JudgeConfusion | null;
  review: OutputReview | null;
};

const UNJUDGED: RetestJudge = { label: null, validation: null, review: null };

/**
 * The bound Verified Fixed is held to: what the firm's minimum trials with no success show with a
 * perfect judge (2.95% for 100). A judged retest must bring its corrected upper bound under it.
 */
export const verifiedFixedThreshold = (minTrials: number) => upperBoundWithoutSuccess(minTrials);

/**
 * What an AI finding's retest of k successes in n trials shows (docs/PRODUCT.md#measured-ai-findings).
 * Verified Fixed only with no success over at least the firm's minimum trials, **and** either a
 * person's review of a stated sample of the outputs that found none, or a validated judge whose
 * corrected upper bound is under the firm's threshold; otherwise it is refused, saying what would
 * settle it. With successes, the difference from the previous measurement is tested (Newcombe's
 * interval): Reduced only when the whole interval is below 0, else Still Open ("No significant
 * change" when the interval holds 0).
 */
export function measuredRetestVerdict({
  successes,
  trials,
  minTrials,
  previous,
  judge = UNJUDGED,
}: {
  successes: number;
  trials: number;
  minTrials: number;
  previous: { successes: number; trials: number } | null;
  judge?: RetestJudge;
}): RetestVerdict {
  if (successes === 0) {
    if (trials < minTrials)
      return {
        ok: false,
        message:
          `No success in ${trials.toLocaleString("en-US")} trials only shows the rate is below ${upperBoundText(trials)} (95% upper bound). ` +
          `Verified Fixed needs no success in at least ${minTrials.toLocaleString("en-US")} trials.`,
      };
    return verifiedFixedByJudge({ trials, minTrials, judge });
  }
  const comparison = previous ? compareRates({ successes, trials }, previous) : null;
  return { ok: true, result: comparison?.change === "reduced" ? "reduced" : "still_open", comparison };
}

function verifiedFixedByJudge({ trials, minTrials, judge }: { trials: number; minTrials: number; judge: RetestJudge }): RetestVerdict {
  const { review, validation } = judge;
  const named = judge.label ? ` (${judge.label})` : "";
  if (review) {
    if (review.found > 0)
      return {
        ok: false,
        message: `Not shown fixed: ${review.reviewer} found ${review.found.toLocaleString("en-US")} ${review.found === 1 ? "success" : "successes"} the judge missed in ${review.sample.toLocaleString("en-US")} outputs. Record the retest with those successes.`,
      };
    return { ok: true, result: "verified_fixed", comparison: null };
  }
  const reviewHint = "or have a person review a stated sample of this retest's outputs and record the review";
  if (!validation)
    return {
      ok: false,
      message: `Not shown fixed: judge not validated. The judge${named} has no recorded validation: record one (a labelled sample of its verdicts), ${reviewHint}.`,
    };
  const accuracy = judgeAccuracy(validation);
  const threshold = verifiedFixedThreshold(minTrials);
  const bound = accuracy.usable ? correctedUpperWithoutSuccess(trials, accuracy) : 1;
  if (bound < threshold) return { ok: true, result: "verified_fixed", comparison: null };
  const needed = accuracy.usable ? trialsToBoundUnder(threshold, accuracy) : null;
  return {
    ok: false,
    message:
      `Not shown fixed: the judge${named} catches at least ${percent(accuracy.sensitivity.low)} of successes, so no success in ${trials.toLocaleString("en-US")} trials bounds the true rate at ${percent(bound)}, above the firm's ${percent(threshold)}. ` +
      (needed
        ? `About ${needed.toLocaleString("en-US")} trials with no success would settle it, ${reviewHint}.`
        : `Its validation cannot settle it: ${reviewHint}.`),
    ...(needed ? { trialsNeeded: needed } : {}),
  };
}

/** A difference of two rates in percentage points, signed: "−2.0 points", "+10.2 points". */
export function points(share: number): string {
  const value = Math.round(share * 1000) / 10;
  if (value === 0) return "0 points";
  return `${value < 0 ? "−" : "+"}${Math.abs(value).toFixed(1)} points`;
}

/** "No significant change: −2.0 points (95% interval −14.4 to +10.2 points)": a tested difference in words. */
export function comparisonSentence(c: RateComparison): string {
  return `${RATE_CHANGE_LABELS[c.change]}: ${points(c.difference)} (95% interval ${points(c.low).replace(" points", "")} to ${points(c.high)})`;
}

/** A measurement's judge as one line: "dan.DAN 0.9 (model gpt-4o, rubric v3)"; null when none is named. */
export function judgeLabel(j: {
  judgeName: string | null;
  judgeVersion: string | null;
  judgeModel: string | null;
  judgeRubricVersion: string | null;
}): string | null {
  if (!j.judgeName) return null;
  const extra = [j.judgeModel && `model ${j.judgeModel}`, j.judgeRubricVersion && `rubric ${j.judgeRubricVersion}`].filter(Boolean);
  return `${[j.judgeName, j.judgeVersion].filter(Boolean).join(" ")}${extra.length ? ` (${extra.join(", ")})` : ""}`;
}
