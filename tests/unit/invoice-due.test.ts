import { describe, expect, it } from "vitest";
import { invoiceDue, invoicePayLink } from "@/lib/invoice-due";

const entry = (requestType: string, computed: number, completed: number, dueDate = "2026-12-01") => ({
  requestType,
  percentageRequested: null,
  dueDate,
  computedAmountCents: computed,
  totalCompletedAmountCents: completed,
});

describe("what is due on an invoice", () => {
  it("a deposit paid: the balance is due, partly paid", () => {
    const due = invoiceDue({
      amountCents: 4_800_000,
      status: "pending",
      paidCents: 0,
      paymentSchedule: [entry("DEPOSIT", 1_920_000, 1_920_000, "2026-09-10"), entry("BALANCE", 2_880_000, 0, "2026-12-20")],
    });
    expect(due).toMatchObject({ totalCents: 4_800_000, paidCents: 1_920_000, dueCents: 2_880_000, label: "Partly Paid" });
    expect(due.next).toEqual({ cents: 2_880_000, dueDate: "2026-12-20" });
    expect(due.summary).toBe("$28,800.00 due of $48,000.00 · Partly Paid");
  });

  it("adds each request's payments in exact cents, a request never counting more than itself", () => {
    const due = invoiceDue({
      amountCents: 1_000_001,
      status: "overdue",
      paidCents: 0,
      paymentSchedule: [entry("INSTALLMENT", 333_334, 400_000), entry("INSTALLMENT", 333_334, 1), entry("INSTALLMENT", 333_333, 0)],
    });
    expect(due.paidCents).toBe(333_335);
    expect(due.dueCents).toBe(666_666);
    // The next amount is what remains of the second installment.
    expect(due.next).toEqual({ cents: 333_333, dueDate: "2026-12-01" });
    expect(due.summary).toBe("$6,666.66 due of $10,000.01 · Partly Paid · Overdue");
  });

  it("without a schedule, the recorded payments; nothing paid shows the status", () => {
    expect(invoiceDue({ amountCents: 875_000, status: "overdue", paidCents: 0, paymentSchedule: [] }).summary).toBe(
      "$8,750.00 due of $8,750.00 · Overdue",
    );
    const part = invoiceDue({ amountCents: 10_000, status: "pending", paidCents: 2_501, paymentSchedule: [] });
    expect(part).toMatchObject({ dueCents: 7_499, next: { cents: 7_499, dueDate: null }, label: "Partly Paid" });
  });

  it("paid and cancelled invoices owe nothing, whatever the schedule says", () => {
    const schedule = [entry("BALANCE", 5_000, 0)];
    expect(invoiceDue({ amountCents: 5_000, status: "paid", paidCents: 0, paymentSchedule: schedule })).toMatchObject({
      paidCents: 5_000,
      dueCents: 0,
      next: null,
      summary: "$50.00 · Paid",
    });
    expect(invoiceDue({ amountCents: 5_000, status: "cancelled", paidCents: 0, paymentSchedule: schedule })).toMatchObject({
      dueCents: 0,
      next: null,
      summary: "$50.00 · Cancelled",
    });
  });

  it("an over-payment never makes the due amount negative", () => {
    const due = invoiceDue({ amountCents: 1_000, status: "pending", paidCents: 5_000, paymentSchedule: [] });
    expect(due).toMatchObject({ paidCents: 1_000, dueCents: 0, next: null, label: "Pending" });
  });

  it("offers a pay link only while the invoice is open", () => {
    const url = "https://squareup.com/pay-invoice/x";
    expect(invoicePayLink({ status: "pending", squarePaymentUrl: url })).toBe(url);
    expect(invoicePayLink({ status: "overdue", squarePaymentUrl: url })).toBe(url);
    expect(invoicePayLink({ status: "paid", squarePaymentUrl: url })).toBeNull();
    expect(invoicePayLink({ status: "cancelled", squarePaymentUrl: url })).toBeNull();
    expect(invoicePayLink({ status: "pending", squarePaymentUrl: null })).toBeNull();
  });
});
