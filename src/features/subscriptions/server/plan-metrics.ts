// Pure rules of plans that bill (docs/PRODUCT.md#admin-subscriptions): billing periods, MRR and
// churn. No database and no clock of their own, so unit tests drive them directly.

import { formatCents } from "@/lib/format";

const DAY_MS = 86_400_000;

/** yyyy-mm-dd of an instant, in UTC (plans are billed by UTC calendar days). */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * The day a period starting on `start` ends (the next billing date): one month later, on the
 * plan's anchor day (the day of the month it started), or the month's last day when the month is
 * shorter. A plan started on 31 January bills on 28 (or 29) February, then 31 March.
 */
export function periodEndOf(start: string, anchorDay: number): string {
  const [year, month] = start.split("-").map(Number) as [number, number];
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonthIndex = month === 12 ? 0 : month;
  const day = Math.min(anchorDay, daysInMonth(nextYear, nextMonthIndex));
  return utcDay(new Date(Date.UTC(nextYear, nextMonthIndex, day)));
}

/** A period as the firm bills it: from its first day up to (not including) the next billing date. */
export type BillingPeriod = { start: string; end: string };

/** The first period of a plan that starts on `start`. */
export function firstPeriod(start: string): BillingPeriod {
  return { start, end: periodEndOf(start, Number(start.slice(8, 10))) };
}

/** The period after `period`, on the same anchor day. */
export function nextPeriod(period: BillingPeriod, anchorDay: number): BillingPeriod {
  return { start: period.end, end: periodEndOf(period.end, anchorDay) };
}

/** A subscription as the metrics read it. */
export type MetricRow = {
  status: string;
  monthlyPriceCents: number;
  /** When it became active (null: a request never confirmed). */
  activatedAt: Date | null;
  /** When an active subscription stopped (null: it has not). */
  cancelledAt: Date | null;
};

/** The window churn is measured over: the 30 days up to now. */
export const CHURN_WINDOW_DAYS = 30;

export type SubscriptionMetrics = {
  mrrCents: number;
  activeCount: number;
  averageMrrCents: number;
  /** Percent, one decimal. */
  churnRatePercent: number;
  /** Active subscriptions at the window's start, and those of them cancelled within it. */
  churnBase: number;
  churned: number;
};

/**
 * MRR: the monthly prices of active subscriptions only (a cancelled, paused or waiting one does not
 * count). Churn over the last 30 days: the subscriptions active at the window's start that were
 * cancelled within it, divided by those active at its start, as a percentage (0 with none active).
 */
export function subscriptionMetrics(rows: MetricRow[], now: Date): SubscriptionMetrics {
  const active = rows.filter((r) => r.status === "active");
  const mrrCents = active.reduce((sum, r) => sum + r.monthlyPriceCents, 0);
  const windowStart = new Date(now.getTime() - CHURN_WINDOW_DAYS * DAY_MS);
  const atStart = rows.filter(
    (r) => r.activatedAt !== null && r.activatedAt <= windowStart && (r.cancelledAt === null || r.cancelledAt > windowStart),
  );
  const churned = atStart.filter((r) => r.cancelledAt !== null && r.cancelledAt <= now).length;
  return {
    mrrCents,
    activeCount: active.length,
    averageMrrCents: active.length ? Math.round(mrrCents / active.length) : 0,
    churnRatePercent: atStart.length ? Math.round((churned / atStart.length) * 1000) / 10 : 0,
    churnBase: atStart.length,
    churned,
  };
}

/**
 * The line under MRR when part of it bills nothing yet (docs/PRODUCT.md#admin-subscriptions):
 * "$2,000.00 of it not billed yet: 1 plan waits for Square or a customer link"; null when all of it bills.
 */
export function unbilledMrrNote({ unbilledMrrCents, unbilledCount }: { unbilledMrrCents: number; unbilledCount: number }): string | null {
  if (unbilledCount === 0) return null;
  const plans = unbilledCount === 1 ? "1 plan waits" : `${unbilledCount} plans wait`;
  return `${formatCents(unbilledMrrCents)} of it not billed yet: ${plans} for Square or a customer link`;
}
