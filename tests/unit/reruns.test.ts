// The pure parts of scheduled re-runs and multi-turn trials (docs/PRODUCT.md#measured-ai-findings):
// a run against the previous one, the schedule's next due time, and the clustered interval.
import { describe, expect, it } from "vitest";
import { wilsonInterval } from "@/lib/domain/attack-rate";
import { clusteredWilson, effectiveTrials } from "@/lib/domain/clustered-rate";
import { compareRun, nextDueAt } from "@/lib/domain/rerun";

describe("a run against the previous one", () => {
  it("reads not seen when the run leaves a finding out, new when only this run has it", () => {
    expect(compareRun(null, { successes: 5, trials: 50 })).toEqual({ change: "not_seen", difference: null });
    expect(compareRun({ successes: 5, trials: 50 }, null)).toEqual({ change: "new", difference: null });
    expect(compareRun(null, null)).toBeNull();
  });
  it("tests the difference: 4/50 after 5/50 is still present; 5/100 after 40/100 reduced; 10/50 after 0/50 regressed", () => {
    expect(compareRun({ successes: 4, trials: 50 }, { successes: 5, trials: 50 })?.change).toBe("still_present");
    expect(compareRun({ successes: 5, trials: 100 }, { successes: 40, trials: 100 })?.change).toBe("reduced");
    expect(compareRun({ successes: 10, trials: 50 }, { successes: 0, trials: 50 })?.change).toBe("regressed");
    expect(compareRun({ successes: 0, trials: 50 }, { successes: 1, trials: 50 })?.change).toBe("no_significant_change");
  });
});

describe("a schedule's next due time", () => {
  it("is a week later, the same day next month (the month's last when shorter), none for model versions", () => {
    expect(nextDueAt("weekly", new Date("2026-11-29T10:00:00Z"))?.toISOString()).toBe("2026-12-06T10:00:00.000Z");
    expect(nextDueAt("monthly", new Date("2026-01-31T10:00:00Z"))?.toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(nextDueAt("monthly", new Date("2026-11-15T10:00:00Z"))?.toISOString()).toBe("2026-12-15T10:00:00.000Z");
    expect(nextDueAt("model_version", new Date())).toBeNull();
  });
});

describe("the clustered interval", () => {
  it("equals Wilson's when every seed prompt has one conversation (no clustering)", () => {
    const clusters = Array.from({ length: 40 }, (_, i) => ({ successes: i < 8 ? 1 : 0, trials: 1 }));
    const n = effectiveTrials(clusters);
    // Independent trials: the robust variance is C/(C−1) of the binomial one, so deff is about 1.
    expect(n).toBeGreaterThan(38);
    expect(n).toBeLessThanOrEqual(40);
    expect(clusteredWilson(8 / 40, 40)).toEqual(wilsonInterval(8, 40));
  });
  it("widens when conversations of one seed succeed together", () => {
    // 4 seeds of 10 conversations: one seed succeeds every time, the others never (ICC 1).
    const clusters = [{ successes: 10, trials: 10 }, ...Array.from({ length: 3 }, () => ({ successes: 0, trials: 10 }))];
    const n = effectiveTrials(clusters);
    expect(n).toBeLessThan(5);
    const clustered = clusteredWilson(0.25, n);
    const plain = wilsonInterval(10, 40);
    expect(clustered.high - clustered.low).toBeGreaterThan(plain.high - plain.low);
    expect(clustered.low).toBeLessThanOrEqual(0.25);
    expect(clustered.high).toBeGreaterThanOrEqual(0.25);
  });
  it("counts the trials as they are with one seed, or no success", () => {
    expect(effectiveTrials([{ successes: 3, trials: 12 }])).toBe(12);
    expect(
      effectiveTrials([
        { successes: 0, trials: 5 },
        { successes: 0, trials: 7 },
      ]),
    ).toBe(12);
  });
});
