import { describe, expect, it } from "vitest";
import { firstPeriod, nextPeriod, periodEndOf, subscriptionMetrics, type MetricRow } from "@/features/subscriptions/server/plan-metrics";

const at = (day: string) => new Date(`${day}T00:00:00Z`);
const row = (v: Partial<MetricRow>): MetricRow => ({
  status: "active",
  monthlyPriceCents: 100_000,
  activatedAt: at("2026-01-01"),
  cancelledAt: null,
  ...v,
});

describe("billing periods", () => {
  it("end a month later on the anchor day, or on a shorter month's last day", () => {
    expect(firstPeriod("2026-03-15")).toEqual({ start: "2026-03-15", end: "2026-04-15" });
    expect(firstPeriod("2026-01-31")).toEqual({ start: "2026-01-31", end: "2026-02-28" });
    expect(nextPeriod({ start: "2026-01-31", end: "2026-02-28" }, 31)).toEqual({ start: "2026-02-28", end: "2026-03-31" });
    expect(periodEndOf("2027-12-31", 31)).toBe("2028-01-31");
    expect(periodEndOf("2028-01-30", 30)).toBe("2028-02-29");
  });
});

describe("subscriptionMetrics", () => {
  const now = at("2026-11-30");

  it("counts only active subscriptions in MRR: a cancelled, paused or waiting one drops out", () => {
    const m = subscriptionMetrics(
      [
        row({ monthlyPriceCents: 120_000 }),
        row({ monthlyPriceCents: 80_001 }),
        row({ status: "cancelled", cancelledAt: at("2026-11-20") }),
        row({ status: "paused" }),
        row({ status: "pending", activatedAt: null }),
      ],
      now,
    );
    expect(m).toMatchObject({ mrrCents: 200_001, activeCount: 2, averageMrrCents: 100_001 });
  });

  it("measures churn as the share of subscriptions active 30 days ago that were cancelled since", () => {
    const m = subscriptionMetrics(
      [
        row({}),
        row({}),
        row({ status: "cancelled", cancelledAt: at("2026-11-20") }),
        // Cancelled before the window: not in the base.
        row({ status: "cancelled", cancelledAt: at("2026-09-01") }),
        // Started within the window: not in the base, even once cancelled.
        row({ status: "cancelled", activatedAt: at("2026-11-10"), cancelledAt: at("2026-11-25") }),
      ],
      now,
    );
    expect(m).toMatchObject({ churnBase: 3, churned: 1, churnRatePercent: 33.3 });
  });

  it("is zero with nothing to measure", () => {
    expect(subscriptionMetrics([], now)).toEqual({
      mrrCents: 0,
      activeCount: 0,
      averageMrrCents: 0,
      churnRatePercent: 0,
      churnBase: 0,
      churned: 0,
    });
  });
});
