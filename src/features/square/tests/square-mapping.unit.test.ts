import type { Square } from "square";
import { describe, expect, it } from "vitest";
import { dateInZone, mapInvoiceStatus, mapSquareInvoice } from "@/features/square/server/invoice-mapping";
import { MoneyRangeError, moneyToCents } from "@/features/square/server/money";
import { mapSubscriptionStatus } from "@/features/square/server/subscription-sync";

const NOW = new Date("2026-11-20T18:00:00Z");
const money = (amount: bigint) => ({ amount, currency: "USD" as const });

function invoice(overrides: Partial<Square.Invoice> = {}): Square.Invoice {
  return {
    id: "inv:0-abc",
    invoiceNumber: "000123",
    status: "UNPAID",
    timezone: "America/Los_Angeles",
    createdAt: "2026-11-01T07:30:00Z",
    updatedAt: "2026-11-02T07:30:00Z",
    publicUrl: "https://squareup.com/pay-invoice/inv:0-abc",
    paymentRequests: [
      {
        requestType: "DEPOSIT",
        percentageRequested: "25",
        dueDate: "2026-11-10",
        computedAmountMoney: money(25_000n),
        totalCompletedAmountMoney: money(25_000n),
      },
      { requestType: "BALANCE", dueDate: "2026-12-31", computedAmountMoney: money(75_001n), totalCompletedAmountMoney: money(0n) },
    ],
    ...overrides,
  };
}

describe("money from Square", () => {
  it("converts BigInt minor units exactly and refuses what would lose precision", () => {
    expect(moneyToCents(money(9_007_199_254_740_991n))).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => moneyToCents(money(9_007_199_254_740_992n))).toThrow(MoneyRangeError);
    expect(() => moneyToCents(money(-1n))).toThrow(MoneyRangeError);
    expect(moneyToCents(undefined)).toBe(0);
    expect(moneyToCents({ amount: 12 })).toBe(12);
    expect(() => moneyToCents({ amount: 1.5 })).toThrow(MoneyRangeError);
  });
});

describe("invoice status mapping (docs/PRODUCT.md#square-sync-and-webhook)", () => {
  it.each([
    ["PAID", "paid"],
    ["CANCELED", "cancelled"],
    ["FAILED", "cancelled"],
    ["REFUNDED", "cancelled"],
    ["UNPAID", "pending"],
    ["SCHEDULED", "pending"],
    ["PARTIALLY_PAID", "pending"],
    ["PAYMENT_PENDING", "pending"],
  ])("%s → %s", (square, ours) => {
    expect(mapInvoiceStatus(square, "2026-12-01", "2026-11-20")).toBe(ours);
  });

  it("open invoices are overdue once the next due date is past; drafts are not imported", () => {
    for (const s of ["UNPAID", "SCHEDULED", "PARTIALLY_PAID", "PAYMENT_PENDING"])
      expect(mapInvoiceStatus(s, "2026-11-19", "2026-11-20")).toBe("overdue");
    expect(mapInvoiceStatus("UNPAID", "2026-11-20", "2026-11-20")).toBe("pending");
    expect(mapInvoiceStatus("DRAFT", null, "2026-11-20")).toBeNull();
    expect(mapSquareInvoice(invoice({ status: "DRAFT" }), NOW)).toBeNull();
  });
});

describe("invoice field mapping", () => {
  it("maps a deposit/balance invoice", () => {
    expect(
      mapSquareInvoice(
        invoice({
          status: "PARTIALLY_PAID",
          version: 4,
          nextPaymentAmountMoney: money(75_001n),
          saleOrServiceDate: "2026-10-30",
          description: "Scope",
          acceptedPaymentMethods: { card: true, bankAccount: true, cashAppPay: false },
        }),
        NOW,
      ),
    ).toEqual({
      squareInvoiceId: "inv:0-abc",
      invoiceNumber: "000123",
      amountCents: 100_001,
      status: "pending",
      issuedDate: "2026-11-01", // 07:30 UTC is still Nov 1 in Los Angeles
      dueDate: "2026-12-31",
      paidDate: null,
      description: "Scope",
      squarePaymentUrl: "https://squareup.com/pay-invoice/inv:0-abc",
      paymentSchedule: [
        {
          requestType: "DEPOSIT",
          percentageRequested: "25",
          dueDate: "2026-11-10",
          computedAmountCents: 25_000,
          totalCompletedAmountCents: 25_000,
        },
        {
          requestType: "BALANCE",
          percentageRequested: null,
          dueDate: "2026-12-31",
          computedAmountCents: 75_001,
          totalCompletedAmountCents: 0,
        },
      ],
      nextPaymentAmountCents: 75_001,
      nextPaymentDueDate: "2026-12-31",
      totalPaidCents: 25_000,
      serviceDate: "2026-10-30",
      acceptedPaymentMethods: { card: true, bankAccount: true, cashAppPay: false },
      squareVersion: 4,
      squareUpdatedAt: "2026-11-02T07:30:00.000Z",
    });
  });

  it("keeps Square's version only when it is a usable integer", () => {
    expect(mapSquareInvoice(invoice({ version: 7 }), NOW)!.squareVersion).toBe(7);
    expect(mapSquareInvoice(invoice({ version: undefined }), NOW)!.squareVersion).toBeNull();
    expect(mapSquareInvoice(invoice({ version: -1 }), NOW)!.squareVersion).toBeNull();
    expect(mapSquareInvoice(invoice({ version: 1.5 }), NOW)!.squareVersion).toBeNull();
    expect(mapSquareInvoice(invoice({ updatedAt: "not a date" }), NOW)!.squareUpdatedAt).toBeNull();
  });

  it("a paid invoice has a paid date and no next payment; the title stands in for a missing description", () => {
    const mapped = mapSquareInvoice(invoice({ status: "PAID", title: "Workshop", nextPaymentAmountMoney: money(5n) }), NOW)!;
    expect(mapped).toMatchObject({
      status: "paid",
      paidDate: "2026-11-01",
      nextPaymentAmountCents: null,
      nextPaymentDueDate: null,
      description: "Workshop",
    });
  });

  it("never keeps a non-http payment link, NUL characters or a missing number", () => {
    const mapped = mapSquareInvoice(invoice({ publicUrl: "javascript:alert(1)", invoiceNumber: null, description: "a\u0000b" }), NOW)!;
    expect(mapped.squarePaymentUrl).toBeNull();
    expect(mapped.invoiceNumber).toBe("inv:0-abc");
    expect(mapped.description).toBe("ab");
  });

  it("computes the calendar date in the invoice's zone", () => {
    expect(dateInZone("2026-11-01T07:30:00Z", "America/Los_Angeles")).toBe("2026-11-01");
    expect(dateInZone("2026-11-01T06:30:00Z", "America/Los_Angeles")).toBe("2026-10-31");
    expect(dateInZone("2026-11-01T06:30:00Z", "Not/AZone")).toBe("2026-11-01");
  });
});

describe("subscription status mapping", () => {
  it("maps Square's statuses onto ours, leaving PENDING alone", () => {
    expect(["ACTIVE", "PAUSED", "CANCELED", "DEACTIVATED", "COMPLETED", "PENDING"].map(mapSubscriptionStatus)).toEqual([
      "active",
      "paused",
      "cancelled",
      "cancelled",
      "cancelled",
      null,
    ]);
  });
});
