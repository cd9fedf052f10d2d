// The measured rate of an attack: intervals and pass@k against published values, and the
// properties any such estimate must keep.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { oneInN, passAtK, rateInterval, upperBoundWithoutSuccess, wilsonInterval } from "@/lib/domain/attack-rate";

describe("the 95% interval", () => {
  it("is Wilson's for 7/50 (statsmodels' proportion_confint, method wilson: 0.0695 to 0.2619)", () => {
    const { low, high } = wilsonInterval(7, 50);
    expect(low).toBeCloseTo(0.06952, 4);
    expect(high).toBeCloseTo(0.26188, 4);
    expect(rateInterval(7, 50)).toEqual(wilsonInterval(7, 50));
  });

  it("is Wilson's for 1/100 (0.0018 to 0.0545) and 3/20 (0.0524 to 0.3604)", () => {
    expect(wilsonInterval(1, 100).low).toBeCloseTo(0.001767, 5);
    expect(wilsonInterval(1, 100).high).toBeCloseTo(0.054486, 5);
    expect(wilsonInterval(3, 20).low).toBeCloseTo(0.05236, 4);
    expect(wilsonInterval(3, 20).high).toBeCloseTo(0.36041, 4);
  });

  it("is Clopper–Pearson's exact bound at the edges: 0/200 up to 1.83% (1 − 0.025^(1/200)), 10/10 down to 69.2%", () => {
    expect(rateInterval(0, 200)).toEqual({ low: 0, high: expect.closeTo(0.018275, 5) });
    expect(rateInterval(10, 10)).toEqual({ low: expect.closeTo(0.6915, 4), high: 1 });
  });

  it("after n trials without a success, bounds the rate by about 3/n (the rule of three)", () => {
    expect(upperBoundWithoutSuccess(200)).toBeCloseTo(0.014867, 5);
    expect(upperBoundWithoutSuccess(100)).toBeCloseTo(0.029513, 5);
    for (const n of [100, 300, 1000]) expect(Math.abs(upperBoundWithoutSuccess(n) - 3 / n)).toBeLessThan(0.05 * (3 / n));
  });

  it("refuses counts that are not counts", () => {
    expect(() => rateInterval(1, 0)).toThrow(RangeError);
    expect(() => rateInterval(6, 5)).toThrow(RangeError);
    expect(() => rateInterval(-1, 5)).toThrow(RangeError);
    expect(() => rateInterval(1.5, 5)).toThrow(RangeError);
  });

  const counts = fc.integer({ min: 1, max: 5000 }).chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n)));

  it("always contains the point estimate and stays within 0 and 1", () => {
    fc.assert(
      fc.property(counts, ([k, n]) => {
        const { low, high } = rateInterval(k, n);
        return 0 <= low && low <= k / n + 1e-12 && k / n - 1e-12 <= high && high <= 1;
      }),
    );
  });

  it("narrows as n grows at the same rate", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 2, max: 10 }), (k, extra, factor) => {
        const n = k + extra;
        const small = rateInterval(k, n);
        const large = rateInterval(k * factor, n * factor);
        return large.high - large.low < small.high - small.low;
      }),
    );
  });
});

describe("pass@k", () => {
  it("is the unbiased estimator 1 − C(n−c, k)/C(n, k)", () => {
    // 3 of 20: pass@1 is the rate; pass@5 = 1 − C(17,5)/C(20,5) = 1 − 6188/15504.
    expect(passAtK(3, 20, 1)).toBeCloseTo(0.15, 12);
    expect(passAtK(3, 20, 5)).toBeCloseTo(1 - 6188 / 15504, 12);
    // 7 of 50, pass@10 = 1 − C(43,10)/C(50,10) = 1 − 1917334783/10272278170.
    expect(passAtK(7, 50, 10)).toBeCloseTo(1 - 1917334783 / 10272278170, 12);
    expect(passAtK(0, 200, 10)).toBe(0);
    expect(passAtK(18, 20, 5)).toBe(1);
  });

  it("grows with k and lies between the rate and 1", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }).chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n))),
        ([c, n]) => {
          let previous = 0;
          for (const k of [1, 5, 10].filter((value) => value <= n)) {
            const value = passAtK(c, n, k);
            if (value < previous - 1e-12 || value < c / n - 1e-12 || value > 1) return false;
            previous = value;
          }
          return true;
        },
      ),
    );
  });
});

describe("about 1 in N attempts", () => {
  it("rounds n/k, and says nothing when nothing succeeded", () => {
    expect(oneInN(7, 50)).toBe(7);
    expect(oneInN(1, 100)).toBe(100);
    expect(oneInN(20, 20)).toBe(1);
    expect(oneInN(0, 200)).toBeNull();
  });
});
