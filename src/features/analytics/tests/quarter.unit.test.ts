// The board summary's quarters (docs/PRODUCT.md#analytics): "2026-Q3" is July to September in
// UTC, a quarter not started is refused, and the screen's maths over a quarter read the figures as
// at its end (a finding fixed after it was still open then).
import { describe, expect, it } from "vitest";
import type { FindingHistory } from "@/features/analytics/server";
import { computeAnalyticsOver } from "@/features/analytics/server/analytics-read";
import { axisMaxOf } from "@/features/analytics/server/summary/pdf-charts";
import { isEmptyQuarter } from "@/features/analytics/server/summary/summary-pdf";
import {
  boardSummarySchema,
  QUARTER_FORMAT,
  QUARTER_NOT_STARTED,
  QUARTER_TOO_EARLY,
  quarterAsOf,
  quarterBounds,
  quarterOf,
  recentQuarters,
} from "@/features/analytics/validation";

const CLIENT = "7f1c1a52-3f43-4c52-9a57-0b7d3e1e0c11";

describe("quarters", () => {
  it("bounds a quarter in UTC, months included", () => {
    expect(quarterBounds("2026-Q3")).toEqual({
      quarter: "2026-Q3",
      start: new Date("2026-07-01T00:00:00.000Z"),
      end: new Date("2026-10-01T00:00:00.000Z"),
      months: ["2026-07", "2026-08", "2026-09"],
    });
    expect(quarterBounds(" 2025-Q4 ")?.end).toEqual(new Date("2026-01-01T00:00:00.000Z"));
    expect(quarterBounds("2026-Q1")?.months).toEqual(["2026-01", "2026-02", "2026-03"]);
    for (const bad of ["2026-Q5", "2026-Q0", "2026-3", "26-Q1", "2026-q1", "", "2026-Q1x"]) expect(quarterBounds(bad)).toBeNull();
  });

  it("names the quarter of a moment, and the recent ones newest first", () => {
    expect(quarterOf(new Date("2026-11-29T23:59:59Z"))).toBe("2026-Q4");
    expect(quarterOf(new Date("2026-01-01T00:00:00Z"))).toBe("2026-Q1");
    expect(quarterOf(new Date("2026-09-30T23:59:59.999Z"))).toBe("2026-Q3");
    expect(recentQuarters(new Date("2026-02-10T00:00:00Z"), 4)).toEqual(["2026-Q1", "2025-Q4", "2025-Q3", "2025-Q2"]);
  });

  it("reads a past quarter at its last instant, the current one now", () => {
    const q3 = quarterBounds("2026-Q3")!;
    expect(quarterAsOf(q3, new Date("2026-11-29T10:00:00Z"))).toEqual(new Date("2026-09-30T23:59:59.999Z"));
    expect(quarterAsOf(q3, new Date("2026-08-15T10:00:00Z"))).toEqual(new Date("2026-08-15T10:00:00Z"));
  });

  it("refuses a quarter that is no quarter, too early or not started, with its message", () => {
    const message = (quarter: unknown) => {
      const parsed = boardSummarySchema.safeParse({ clientId: CLIENT, quarter });
      return parsed.success ? null : parsed.error.issues[0]!.message;
    };
    expect(message("2026-Q5")).toBe(QUARTER_FORMAT);
    expect(message(42)).toBe(QUARTER_FORMAT);
    expect(message("1999-Q4")).toBe(QUARTER_TOO_EARLY);
    expect(message(`${new Date().getUTCFullYear() + 1}-Q1`)).toBe(QUARTER_NOT_STARTED);
    expect(message(quarterOf(new Date()))).toBeNull();
    expect(message("2026-Q1")).toBeNull();
    expect(boardSummarySchema.safeParse({ clientId: "acme", quarter: "2026-Q1" }).success).toBe(false);
  });
});

describe("the screen's maths over a quarter", () => {
  const finding = (over: Partial<FindingHistory> & { id: string; publishedAt: Date }): FindingHistory => ({
    clientId: "c1",
    projectId: "p1",
    severity: "high",
    status: "open",
    ai: false,
    dueOn: null,
    verifiedFixedAt: null,
    statusSince: over.publishedAt,
    regressedAt: [],
    ...over,
  });
  const q3 = quarterBounds("2026-Q3")!;
  const now = new Date("2026-11-29T10:00:00Z");

  it("counts the quarter's fixes and reads open findings as at its end", () => {
    const histories = [
      // Fixed in August after 10 days.
      finding({
        id: "a",
        publishedAt: new Date("2026-08-01T00:00:00Z"),
        status: "verified_fixed",
        verifiedFixedAt: new Date("2026-08-11T00:00:00Z"),
      }),
      // Published in September, fixed in October: open at the quarter's end, not a fix of the quarter.
      finding({
        id: "b",
        publishedAt: new Date("2026-09-10T00:00:00Z"),
        status: "verified_fixed",
        verifiedFixedAt: new Date("2026-10-05T00:00:00Z"),
      }),
      // Published after the quarter: in none of its figures.
      finding({ id: "c", publishedAt: new Date("2026-11-01T00:00:00Z") }),
    ];
    const figures = computeAnalyticsOver(histories, [], q3.months, quarterAsOf(q3, now));
    expect(figures.months).toEqual(["2026-07", "2026-08", "2026-09"]);
    expect(figures.remediation.overall).toEqual({ count: 1, mean: 10, p50: 10, p95: 10 });
    expect(figures.flow.map((m) => [m.month, m.opened, m.fixed, m.openAtEnd])).toEqual([
      ["2026-07", 0, 0, 0],
      ["2026-08", 1, 1, 0],
      ["2026-09", 1, 0, 1],
    ]);
    expect(figures.aging.reduce((sum, b) => sum + b.total, 0)).toBe(1);
    expect(isEmptyQuarter(figures)).toBe(false);
  });

  it("says a quarter without findings is empty", () => {
    const histories = [finding({ id: "d", publishedAt: new Date("2026-11-01T00:00:00Z") })];
    expect(isEmptyQuarter(computeAnalyticsOver(histories, [], q3.months, quarterAsOf(q3, now)))).toBe(true);
  });

  it("scales a chart as the screen does", () => {
    expect([1, 3, 7, 12, 41, 100, 101].map(axisMaxOf)).toEqual([1, 5, 10, 20, 50, 100, 200]);
  });
});
