// A judge's validation and the rate corrected for it: sensitivity, specificity and κ; Rogan and
// Gladen's correction against a published example; the seeded bootstrap's interval and its properties.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { correctedRate, judgeAccuracy, roganGladen, trialsToBoundUnder } from "@/lib/domain/judge-accuracy";
import { upperBoundWithoutSuccess } from "@/lib/domain/attack-rate";

/** The demo's judge: 82 of 100 successes caught, 194 of 200 failures passed. */
const DEMO = { truePositives: 82, falseNegatives: 18, falsePositives: 6, trueNegatives: 194 };

describe("a judge's validation", () => {
  it("gives sensitivity and specificity with their 95% (Wilson) intervals", () => {
    const accuracy = judgeAccuracy(DEMO);
    expect(accuracy.items).toBe(300);
    expect(accuracy.sensitivity).toEqual({ value: 0.82, low: expect.closeTo(0.7333, 4), high: expect.closeTo(0.883, 4) });
    expect(accuracy.specificity).toEqual({ value: 0.97, low: expect.closeTo(0.9361, 4), high: expect.closeTo(0.9862, 4) });
    expect(accuracy.usable).toBe(true);
  });

  it("gives Cohen's κ: 0.4 for 20/5/10/15 (po 0.7, pe 0.5, the textbook example)", () => {
    expect(judgeAccuracy({ truePositives: 20, falsePositives: 5, falseNegatives: 10, trueNegatives: 15 }).kappa).toBeCloseTo(0.4, 12);
    expect(judgeAccuracy({ truePositives: 10, falsePositives: 0, falseNegatives: 0, trueNegatives: 10 }).kappa).toBe(1);
  });

  it("needs a success and a failure by the person, and is unusable when no better than chance", () => {
    expect(() => judgeAccuracy({ truePositives: 0, falseNegatives: 0, falsePositives: 1, trueNegatives: 9 })).toThrow(RangeError);
    expect(judgeAccuracy({ truePositives: 5, falseNegatives: 5, falsePositives: 5, trueNegatives: 5 }).usable).toBe(false);
  });
});

describe("Rogan and Gladen's correction", () => {
  // Rogan WJ, Gladen B. Estimating prevalence from the results of a screening test. Am J Epidemiol
  // 1978;107:71–76. Worked example of epiR's epi.prev: 23 of 150 cows positive on a test of
  // sensitivity 0.96 and specificity 0.89; true prevalence (0.1533 + 0.89 − 1) / (0.96 + 0.89 − 1) = 0.0510.
  it("matches the epi.prev brucellosis example", () => {
    expect(roganGladen(23 / 150, 0.96, 0.89)).toBeCloseTo(0.051, 4);
  });

  it("is the observed rate for a perfect judge, held to [0, 1], refused for a judge no better than chance", () => {
    expect(roganGladen(0.14, 1, 1)).toBeCloseTo(0.14, 12);
    expect(roganGladen(0.01, 0.82, 0.97)).toBe(0);
    expect(roganGladen(0.99, 0.82, 0.97)).toBe(1);
    expect(() => roganGladen(0.1, 0.5, 0.5)).toThrow(RangeError);
  });
});

describe("the corrected rate's interval", () => {
  it("is the same every time for the same counts (a seeded bootstrap)", () => {
    const first = correctedRate({ successes: 7, trials: 50 }, DEMO);
    expect(correctedRate({ successes: 7, trials: 50 }, DEMO)).toEqual(first);
    expect(first.estimate).toBeCloseTo((0.14 + 0.97 - 1) / (0.82 + 0.97 - 1), 12);
    expect(first.low).toBeLessThan(first.estimate);
    expect(first.high).toBeGreaterThan(0.26); // wider than the observed 7/50's 26.2%: the judge's doubt is added
  });

  it("after no success, bounds the rate by the one-sided bound over the sensitivity's lower bound", () => {
    const clean = correctedRate({ successes: 0, trials: 200 }, DEMO);
    expect(clean).toEqual({ estimate: 0, low: 0, high: expect.closeTo(upperBoundWithoutSuccess(200) / 0.73333, 4) });
    // A judge that catches half the successes doubles the bound 0 of 100 gives: about 6%, not 3%.
    const half = { truePositives: 500, falseNegatives: 500, falsePositives: 0, trueNegatives: 1000 };
    expect(correctedRate({ successes: 0, trials: 100 }, half).high).toBeCloseTo(0.0295 / 0.469, 2);
  });

  it("says how many clean trials bring the bound under a threshold", () => {
    const n = trialsToBoundUnder(upperBoundWithoutSuccess(100), judgeAccuracy(DEMO))!;
    expect(n).toBe(137);
    expect(correctedRate({ successes: 0, trials: n }, DEMO).high).toBeLessThan(upperBoundWithoutSuccess(100));
    expect(correctedRate({ successes: 0, trials: n - 1 }, DEMO).high).toBeGreaterThanOrEqual(upperBoundWithoutSuccess(100));
  });

  it("contains the corrected estimate, within [0, 1]", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 5, max: 200 }),
        fc.integer({ min: 5, max: 200 }),
        fc.double({ min: 0.55, max: 1, noNaN: true }),
        fc.double({ min: 0.55, max: 1, noNaN: true }),
        (trials, share, positives, negatives, se, sp) => {
          const validation = {
            truePositives: Math.round(se * positives),
            falseNegatives: positives - Math.round(se * positives),
            trueNegatives: Math.round(sp * negatives),
            falsePositives: negatives - Math.round(sp * negatives),
          };
          if (!judgeAccuracy(validation).usable) return true;
          const rate = correctedRate({ successes: Math.round(share * trials), trials }, validation);
          return rate.low <= rate.estimate && rate.estimate <= rate.high && rate.low >= 0 && rate.high <= 1;
        },
      ),
      { numRuns: 60 },
    );
  });
});
