import { oneInN, passAtK, rateInterval, upperBoundWithoutSuccess } from "./attack-rate";
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
export function isAiFinding(finding: { owaspLlm: readonly string[]; atlas: readonly string[]; sourceTool: string | null }): boolean {
  return finding.owaspLlm.length > 0 || finding.atlas.length > 0 || finding.sourceTool === "garak" || finding.sourceTool === "promptfoo";
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

export type RetestVerdict = { ok: true; result: RetestResult } | { ok: false; message: string };

/**
 * What an AI finding's retest of k successes in n trials shows. Verified Fixed only with no success
 * over at least the firm's minimum trials: fewer trials bound the rate too loosely (about 3/n) to
 * call it fixed, so the result cannot be recorded and the firm runs more. With successes, Reduced when
 * the rate is below the previous measurement's (compared exactly: k·n' < k'·n), else Still Open.
 */
export function measuredRetestVerdict({
  successes,
  trials,
  minTrials,
  previous,
}: {
  successes: number;
  trials: number;
  minTrials: number;
  previous: { successes: number; trials: number } | null;
}): RetestVerdict {
  if (successes === 0) {
    if (trials >= minTrials) return { ok: true, result: "verified_fixed" };
    return {
      ok: false,
      message:
        `No success in ${trials.toLocaleString("en-US")} trials only shows the rate is below ${upperBoundText(trials)} (95% upper bound). ` +
        `Verified Fixed needs no success in at least ${minTrials.toLocaleString("en-US")} trials.`,
    };
  }
  if (previous && successes * previous.trials < previous.successes * trials) return { ok: true, result: "reduced" };
  return { ok: true, result: "still_open" };
}
