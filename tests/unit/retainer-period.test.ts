// The retainer's period arithmetic (src/lib/retainer-period.ts): budgets with carry-over and its
// expiry, remaining time, the end-of-month projection and the thresholds reached.
import { describe, expect, it } from "vitest";
import { overagePrice } from "@/lib/domain/retainer";
import { addMonths, daysInMonth, monthsBetween, projectedMinutes, reachedThresholds, retainerMonths } from "@/lib/retainer-period";

const H = 60;
const terms = (over: Partial<Parameters<typeof retainerMonths>[0]> = {}) => ({
  monthlyMinutes: 40 * H,
  carryOverMaxMinutes: 0,
  carryOverMonths: 0,
  startMonth: "2026-01-01",
  ...over,
});

describe("months", () => {
  it("adds and counts months across years", () => {
    expect(addMonths("2026-11-01", 3)).toBe("2027-02-01");
    expect(addMonths("2026-01-01", -1)).toBe("2025-12-01");
    expect(monthsBetween("2025-12-01", "2026-02-01")).toBe(2);
    expect(daysInMonth("2028-02-01")).toBe(29);
    expect(daysInMonth("2026-11-01")).toBe(30);
  });
});

describe("retainerMonths", () => {
  it("gives each month its own hours when nothing carries over", () => {
    const months = retainerMonths(terms(), new Map([["2026-01-01", 10 * H]]), "2026-02-01");
    expect(months.map((m) => [m.month, m.budgetMinutes, m.usedMinutes, m.remainingMinutes, m.carriedInMinutes])).toEqual([
      ["2026-01-01", 40 * H, 10 * H, 30 * H, 0],
      ["2026-02-01", 40 * H, 0, 40 * H, 0],
    ]);
  });

  it("carries unused hours up to the cap, for the given months only", () => {
    const used = new Map([
      ["2026-01-01", 30 * H], // 10 unused, 8 kept (cap)
      ["2026-02-01", 40 * H], // takes the 8 carried first
      ["2026-03-01", 35 * H],
    ]);
    const months = retainerMonths(terms({ carryOverMaxMinutes: 8 * H, carryOverMonths: 2 }), used, "2026-06-01");
    expect(months.map((m) => [m.month, m.carriedInMinutes, m.budgetMinutes, m.remainingMinutes])).toEqual([
      ["2026-01-01", 0, 40 * H, 10 * H],
      ["2026-02-01", 8 * H, 48 * H, 8 * H],
      // February used 8 carried + 32 own: 8 own left, kept.
      ["2026-03-01", 8 * H, 48 * H, 13 * H],
      // March took its carried 8 and 27 own: 13 own left, capped at 8.
      ["2026-04-01", 8 * H, 48 * H, 48 * H],
      // April used nothing: March's 8 (kept through May) and April's 40, capped at 8 in all, newest first.
      ["2026-05-01", 8 * H, 48 * H, 48 * H],
      ["2026-06-01", 8 * H, 48 * H, 48 * H],
    ]);
  });

  it("lets carried hours expire after the given months", () => {
    // January leaves 10 hours; with one month of carry-over they are usable in February only.
    const used = new Map([
      ["2026-01-01", 30 * H],
      ["2026-02-01", 40 * H],
      ["2026-03-01", 40 * H],
    ]);
    const months = retainerMonths(terms({ carryOverMaxMinutes: 20 * H, carryOverMonths: 1 }), used, "2026-03-01");
    expect(months[1]).toMatchObject({ carriedInMinutes: 10 * H, budgetMinutes: 50 * H, remainingMinutes: 10 * H });
    // February used its 10 carried first, so 10 of its own carry into March.
    expect(months[2]).toMatchObject({ carriedInMinutes: 10 * H, budgetMinutes: 50 * H });
    const idle = retainerMonths(
      terms({ carryOverMaxMinutes: 20 * H, carryOverMonths: 1 }),
      new Map([["2026-01-01", 30 * H]]),
      "2026-03-01",
    );
    // February did not touch January's 10 carried hours: they expire, only February's own unused carry.
    expect(idle[1]).toMatchObject({ carriedInMinutes: 10 * H, expiringMinutes: 10 * H });
    expect(idle[2]).toMatchObject({ carriedInMinutes: 20 * H });
  });
});

describe("projectedMinutes", () => {
  it("projects the current month linearly on the days elapsed", () => {
    expect(projectedMinutes("2026-11-01", 10 * H, "2026-11-10")).toBe(30 * H);
    expect(projectedMinutes("2026-10-01", 10 * H, "2026-11-10")).toBe(10 * H);
    expect(projectedMinutes("2026-12-01", 10 * H, "2026-11-10")).toBe(0);
  });
});

describe("reachedThresholds", () => {
  it("lists the thresholds the use has reached", () => {
    expect(reachedThresholds([80, 100], 31 * H, 40 * H)).toEqual([]);
    expect(reachedThresholds([80, 100], 32 * H, 40 * H)).toEqual([80]);
    expect(reachedThresholds([80, 100], 40 * H, 40 * H)).toEqual([80, 100]);
  });
});

describe("an overage request's price", () => {
  it("says hours × rate = amount and the month it is billed with, before an owner approves", () => {
    expect(overagePrice({ minutes: 3 * H, rateCents: 27_500, workDate: "2026-10-14" })).toBe("3 h × $275 = $825, billed with October");
    expect(overagePrice({ minutes: 75, rateCents: 19_999, workDate: "2026-12-31" })).toBe(
      "1.25 h × $199.99 = $249.99, billed with December",
    );
  });
});
