// The statement's pure rules (docs/PRODUCT.md#statements): the period and the dating of an invoice's payments.
import { describe, expect, it } from "vitest";
import { addYears, invoicePayments, statementPeriodProblem, yearStart } from "@/lib/statement";

const entry = (requestType: string, dueDate: string | null, computed: number, completed: number) => ({
  requestType,
  percentageRequested: requestType === "DEPOSIT" ? "40" : null,
  dueDate,
  computedAmountCents: computed,
  totalCompletedAmountCents: completed,
});

describe("the period", () => {
  it("defaults to the calendar year so far and takes at most five years", () => {
    expect(yearStart("2026-11-26")).toBe("2026-01-01");
    expect(addYears("2024-02-29", 5)).toBe("2029-03-01");
    expect(statementPeriodProblem("2026-01-01", "2026-01-01")).toBeNull();
    expect(statementPeriodProblem("2026-01-02", "2026-01-01")).toBe("The end date is before the start date");
    expect(statementPeriodProblem("2021-01-01", "2025-12-31")).toBeNull();
    expect(statementPeriodProblem("2021-01-01", "2026-01-01")).toBe("A statement covers at most 5 years");
  });
});

describe("an invoice's payments", () => {
  const base = { date: "2026-03-01", paidDate: null, updatedDate: "2026-11-26" };

  it("one per paid scheduled payment, on its due date, the partly paid one for what it received", () => {
    const payments = invoicePayments({
      ...base,
      paidCents: 1_333_335,
      paymentSchedule: [entry("DEPOSIT", "2026-03-10", 1_000_000, 1_000_000), entry("INSTALLMENT", "2026-04-10", 1_000_000, 333_335)],
    });
    expect(payments).toEqual([
      { date: "2026-03-10", cents: 1_000_000, label: "Deposit (40%)" },
      { date: "2026-04-10", cents: 333_335, label: "Installment 1" },
    ]);
  });

  it("never after the day the invoice was paid in full (else its last update), never before the invoice's date", () => {
    const paid = invoicePayments({
      ...base,
      paidDate: "2026-05-02",
      paidCents: 300,
      paymentSchedule: [entry("DEPOSIT", "2026-01-15", 100, 100), entry("BALANCE", "2026-06-30", 200, 200)],
    });
    expect(paid.map((p) => p.date)).toEqual(["2026-03-01", "2026-05-02"]);
    const early = invoicePayments({ ...base, paidCents: 100, paymentSchedule: [entry("DEPOSIT", "2026-12-20", 100, 100)] });
    expect(early).toEqual([{ date: "2026-11-26", cents: 100, label: "Deposit (40%)" }]);
  });

  it("an invoice paid without a schedule is one payment on its paid date; the payments make exactly the paid amount", () => {
    expect(invoicePayments({ ...base, paidDate: "2026-03-20", paidCents: 45_000, paymentSchedule: [] })).toEqual([
      { date: "2026-03-20", cents: 45_000, label: "Payment" },
    ]);
    // Marked paid with a schedule that records less: the rest is one payment on the paid date.
    const rest = invoicePayments({
      ...base,
      paidDate: "2026-03-20",
      paidCents: 500,
      paymentSchedule: [entry("DEPOSIT", null, 200, 200), entry("BALANCE", null, 300, 0)],
    });
    expect(rest).toEqual([
      { date: "2026-03-20", cents: 200, label: "Deposit (40%)" },
      { date: "2026-03-20", cents: 300, label: "Payment" },
    ]);
    // Over-paid requests never make more than the invoice's paid amount.
    const capped = invoicePayments({
      ...base,
      paidCents: 150,
      paymentSchedule: [entry("DEPOSIT", "2026-03-05", 100, 120), entry("BALANCE", "2026-03-06", 100, 100)],
    });
    expect(capped.reduce((sum, p) => sum + p.cents, 0)).toBe(150);
    expect(invoicePayments({ ...base, paidCents: 0, paymentSchedule: [entry("DEPOSIT", "2026-03-05", 100, 0)] })).toEqual([]);
  });
});
