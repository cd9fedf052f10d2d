// The rule an AI finding's retest follows (docs/PRODUCT.md#measured-ai-findings): Verified Fixed
// only with no success over the minimum trials, Reduced below the previous rate, else Still Open.
import { describe, expect, it } from "vitest";
import { isAiFinding, measuredRate, measuredRetestVerdict, percent, rateSentence } from "@/lib/domain/finding-measurement";

const verdict = (
  successes: number,
  trials: number,
  previous: { successes: number; trials: number } | null = { successes: 7, trials: 50 },
) => measuredRetestVerdict({ successes, trials, minTrials: 100, previous });

describe("an AI finding's retest", () => {
  it("is Verified Fixed with no success in at least the minimum trials", () => {
    expect(verdict(0, 100)).toEqual({ ok: true, result: "verified_fixed" });
    expect(verdict(0, 200, null)).toEqual({ ok: true, result: "verified_fixed" });
  });

  it("cannot verify below the minimum, and says what the trials do show: the 95% upper bound, about 3/n", () => {
    const below = verdict(0, 30);
    expect(below).toEqual({
      ok: false,
      message:
        "No success in 30 trials only shows the rate is below 9.5% (95% upper bound). Verified Fixed needs no success in at least 100 trials.",
    });
    expect(verdict(0, 99).ok).toBe(false);
  });

  it("is Reduced when the attack still succeeds, less often than the latest measurement", () => {
    expect(verdict(1, 100, { successes: 3, trials: 20 })).toEqual({ ok: true, result: "reduced" });
    // 7/50 = 14% against 14/100 = 14%: not lower, exactly (no rounding decides).
    expect(verdict(14, 100)).toEqual({ ok: true, result: "still_open" });
    expect(verdict(13, 100)).toEqual({ ok: true, result: "reduced" });
  });

  it("is Still Open with successes and nothing lower to compare with", () => {
    expect(verdict(1, 100, null)).toEqual({ ok: true, result: "still_open" });
    expect(verdict(20, 50)).toEqual({ ok: true, result: "still_open" });
  });
});

describe("a measured rate as the finding shows it", () => {
  it("gives the interval, about 1 in N and pass@k for the k that n allows", () => {
    const rate = measuredRate(7, 50);
    expect(rate.oneIn).toBe(7);
    expect(rate.passAt.map((p) => p.k)).toEqual([1, 5, 10]);
    expect(rate.passAt[0]!.value).toBeCloseTo(0.14, 10);
    expect(measuredRate(1, 3).passAt.map((p) => p.k)).toEqual([1]);
    expect(rateSentence(7, 50)).toBe("14.0% (7 of 50; 95% interval 7.0% to 26.2%)");
    expect(rateSentence(0, 200)).toBe("0% (0 of 200; 95% interval 0% to 1.8%)");
    expect(percent(0.0005)).toBe("0.05%");
  });

  it("belongs to AI findings: an OWASP LLM or ATLAS id, or a model-testing tool's import", () => {
    expect(isAiFinding({ owaspLlm: ["LLM01"], atlas: [], sourceTool: null })).toBe(true);
    expect(isAiFinding({ owaspLlm: [], atlas: ["AML.T0051"], sourceTool: null })).toBe(true);
    expect(isAiFinding({ owaspLlm: [], atlas: [], sourceTool: "promptfoo" })).toBe(true);
    expect(isAiFinding({ owaspLlm: [], atlas: [], sourceTool: "nessus" })).toBe(false);
  });
});
