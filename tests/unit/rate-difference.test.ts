// Whether two measured rates differ: Newcombe's hybrid score interval against the published table,
// the verdict it gives, and the trials a reduction needs against R's published examples.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareRates, newcombeDifference, powerToShowChange, trialsForChange, trialsToShowChange } from "@/lib/domain/rate-difference";

const counts = (successes: number, trials: number) => ({ successes, trials });

describe("the 95% interval of a difference of two rates (Newcombe's hybrid score method)", () => {
  // Newcombe RG. Interval estimation for the difference between independent proportions:
  // comparison of eleven methods. Statistics in Medicine 1998;17:873–890, Table II, method 10
  // (score interval for each proportion, no continuity correction), the eight worked examples.
  const TABLE_II: [number, number, number, number, number, number][] = [
    [56, 70, 48, 80, 0.0524, 0.3339],
    [9, 10, 3, 10, 0.1705, 0.809],
    [6, 7, 2, 7, 0.0582, 0.8062],
    [5, 56, 0, 29, -0.0381, 0.1926],
    [0, 10, 0, 20, -0.1611, 0.2775],
    [0, 10, 0, 10, -0.2775, 0.2775],
    [10, 10, 0, 20, 0.6791, 1],
    [10, 10, 0, 10, 0.6075, 1],
  ];
  it.each(TABLE_II)("gives Newcombe's %i/%i − %i/%i: %f to %f", (k1, n1, k2, n2, low, high) => {
    const interval = newcombeDifference(counts(k1, n1), counts(k2, n2));
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
    expect(interval.difference).toBeCloseTo(k1 / n1 - k2 / n2, 12);
  });

  it("contains 0 when both samples are equal, and always contains the difference itself", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 0, max: 5000 }), (n, k) => {
        const same = counts(Math.min(k, n), n);
        const interval = newcombeDifference(same, same);
        return interval.low <= 0 && interval.high >= 0 && interval.difference === 0;
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 1, max: 2000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n1, n2, a, b) => {
          const interval = newcombeDifference(counts(Math.round(a * n1), n1), counts(Math.round(b * n2), n2));
          return (
            interval.low <= interval.difference + 1e-12 &&
            interval.difference <= interval.high + 1e-12 &&
            interval.low >= -1 - 1e-12 &&
            interval.high <= 1 + 1e-12
          );
        },
      ),
    );
  });
});

describe("a later run against the one before it", () => {
  it("reads 4/50 after 5/50 as No significant change, with the interval", () => {
    const comparison = compareRates(counts(4, 50), counts(5, 50));
    expect(comparison.change).toBe("no_significant_change");
    expect(comparison.difference).toBeCloseTo(-0.02, 12);
    expect(comparison.low).toBeCloseTo(-0.1435, 4);
    expect(comparison.high).toBeCloseTo(0.1022, 4);
  });

  it("is Reduced only when the whole interval is below 0, Increased only when above", () => {
    expect(compareRates(counts(1, 100), counts(3, 20)).change).toBe("reduced");
    expect(compareRates(counts(0, 200), counts(7, 50)).change).toBe("reduced");
    expect(compareRates(counts(20, 50), counts(7, 50)).change).toBe("increased");
    expect(compareRates(counts(5, 50), counts(7, 50)).change).toBe("no_significant_change");
  });
});

describe("the trials a run needs to show a reduction (power, two-sided 5%)", () => {
  // R's stats::power.prop.test, documented examples: power.prop.test(p1 = .50, p2 = .75, power = .90)
  // gives n = 76.7 per group; power.prop.test(n = 50, p1 = .50, p2 = .75) gives power = 0.740.
  it("matches R's power.prop.test examples", () => {
    expect(trialsForChange(0.5, 0.75, 0.9)).toBeCloseTo(76.7, 1);
    expect(trialsToShowChange(0.5, 0.75, 0.9)).toBe(77);
    expect(powerToShowChange(0.5, 0.75, 50)).toBeCloseTo(0.74, 3);
  });

  it("asks 80% power by default, more trials for smaller changes, none for no change", () => {
    expect(trialsToShowChange(0.1, 0.05)).toBe(435);
    expect(trialsToShowChange(0.1, 0.08)!).toBeGreaterThan(trialsToShowChange(0.1, 0.05)!);
    expect(trialsToShowChange(0.1, 0.1)).toBeNull();
    // The n it gives has the power it was asked for.
    expect(powerToShowChange(0.1, 0.05, 435)).toBeGreaterThanOrEqual(0.8);
    expect(powerToShowChange(0.1, 0.05, 430)).toBeLessThan(0.8);
  });
});
