import { describe, expect, it } from "vitest";
import { nextScheduledPayment, scheduleEntryLabels, scheduleEntryState, scheduleProgress } from "@/lib/schedule";

const entry = (requestType: string, computed: number, completed: number, pct: string | null = null) => ({
  requestType,
  percentageRequested: pct,
  dueDate: "2026-12-01",
  computedAmountCents: computed,
  totalCompletedAmountCents: completed,
});

describe("payment schedule", () => {
  it("is paid when completed >= computed, partial above zero, pending otherwise", () => {
    expect(scheduleEntryState(entry("DEPOSIT", 100, 100))).toBe("paid");
    expect(scheduleEntryState(entry("DEPOSIT", 100, 150))).toBe("paid");
    expect(scheduleEntryState(entry("BALANCE", 100, 1))).toBe("partial");
    expect(scheduleEntryState(entry("BALANCE", 100, 0))).toBe("pending");
  });
  it("labels deposit with percentage, balance, and numbered installments", () => {
    expect(scheduleEntryLabels([entry("DEPOSIT", 1, 0, "40"), entry("BALANCE", 1, 0)])).toEqual(["Deposit (40%)", "Balance"]);
    expect(scheduleEntryLabels([entry("INSTALLMENT", 1, 0), entry("INSTALLMENT", 1, 0)])).toEqual(["Installment 1", "Installment 2"]);
  });
  it("computes overall progress and the next payment", () => {
    const entries = [entry("DEPOSIT", 1_920_000, 1_920_000, "40"), entry("BALANCE", 2_880_000, 0)];
    expect(scheduleProgress(entries)).toEqual({ paidCents: 1_920_000, totalCents: 4_800_000, percent: 40 });
    expect(nextScheduledPayment(entries)).toEqual({ dueDate: "2026-12-01", remainingCents: 2_880_000 });
    expect(nextScheduledPayment([entry("DEPOSIT", 5, 5)])).toBeNull();
  });
});
