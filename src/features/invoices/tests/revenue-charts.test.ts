// Chart data (docs/PRODUCT.md#revenue-charts): month buckets from one statement each, exact cents.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AdminActor } from "@/server/core/actor";
import { invoices } from "@/features/invoices/server/schema";
import { clientSubscriptions, subscriptionTiers } from "@/features/subscriptions/server/schema";
import { getInvoicedVsCollected, getPaidVsOutstanding } from "@/features/invoices/server";
import { getMrrByMonth } from "@/features/subscriptions/server";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { createTestClient } from "@tests/integration/helpers/portal";

const t = setupTestDatabase();
const admin: AdminActor = { role: "admin", userId: "chart-admin", email: "admin@example.test", name: "Admin" };
const TODAY = "2026-11-22";
const MONTHS = [
  "2025-12",
  "2026-01",
  "2026-02",
  "2026-03",
  "2026-04",
  "2026-05",
  "2026-06",
  "2026-07",
  "2026-08",
  "2026-09",
  "2026-10",
  "2026-11",
];

describe("revenue charts", () => {
  it("has twelve empty months on an empty database", async () => {
    const rows = await getInvoicedVsCollected(t.db, { actor: admin, today: TODAY });
    expect(rows).toEqual(MONTHS.map((month) => ({ month, invoiced: 0, collected: 0 })));
    expect((await getMrrByMonth(t.db, { actor: admin, today: TODAY })).every((r) => r.mrr === 0)).toBe(true);
  });

  it("buckets invoices by month, exact to the cent, scoped to the client in the portal", async () => {
    const a = await createTestClient(t.db, "Chart A");
    const b = await createTestClient(t.db, "Chart B");
    const row = (clientId: string, n: string, values: Partial<typeof invoices.$inferInsert>) => ({
      clientId,
      invoiceNumber: n,
      amountCents: 0,
      status: "pending" as const,
      ...values,
    });
    await t.db.insert(invoices).values([
      // November: 1,000.01 billed, 400.00 paid of it so far (partial, no date: counts in November).
      row(a.clientId, "A-1", { amountCents: 100_001, issuedDate: "2026-11-03", totalPaidCents: 40_000 }),
      // September, paid in October.
      row(a.clientId, "A-2", {
        amountCents: 250_050,
        status: "paid",
        issuedDate: "2026-09-30",
        paidDate: "2026-10-02",
        totalPaidCents: 250_050,
      }),
      // No issue date: billed in its due month (August).
      row(a.clientId, "A-3", { amountCents: 999, status: "overdue", dueDate: "2026-08-15" }),
      // Cancelled, too old, and in the future: never counted.
      row(a.clientId, "A-4", { amountCents: 7_777, status: "cancelled", issuedDate: "2026-11-01" }),
      row(a.clientId, "A-5", { amountCents: 5_555, issuedDate: "2025-11-30" }),
      row(a.clientId, "A-6", { amountCents: 3_333, issuedDate: "2026-12-01" }),
      // Another client's: in the admin chart, never in A's portal chart.
      row(b.clientId, "B-1", {
        amountCents: 12_345,
        status: "paid",
        issuedDate: "2026-11-21",
        paidDate: "2026-11-21",
        totalPaidCents: 12_345,
      }),
    ]);
    // An unmatched Square invoice (no client) counts nowhere.
    await t.db
      .insert(invoices)
      .values({ squareInvoiceId: "sq-unmatched", invoiceNumber: "SQ-1", amountCents: 50_000, issuedDate: "2026-11-05" });

    const admin12 = await getInvoicedVsCollected(t.db, { actor: admin, today: TODAY });
    const byMonth = Object.fromEntries(admin12.map((r) => [r.month, r]));
    expect(byMonth["2026-11"]).toEqual({ month: "2026-11", invoiced: 100_001 + 12_345, collected: 40_000 + 12_345 });
    expect(byMonth["2026-10"]).toEqual({ month: "2026-10", invoiced: 0, collected: 250_050 });
    expect(byMonth["2026-09"]).toEqual({ month: "2026-09", invoiced: 250_050, collected: 0 });
    expect(byMonth["2026-08"]).toEqual({ month: "2026-08", invoiced: 999, collected: 0 });
    expect(admin12.reduce((s, r) => s + r.invoiced, 0)).toBe(100_001 + 12_345 + 250_050 + 999);

    const portal = await getPaidVsOutstanding(t.db, { actor: a, today: TODAY });
    expect(portal.map((r) => r.month)).toEqual(MONTHS);
    const mine = Object.fromEntries(portal.map((r) => [r.month, r]));
    expect(mine["2026-11"]).toEqual({ month: "2026-11", paid: 40_000, outstanding: 60_001 });
    expect(mine["2026-09"]).toEqual({ month: "2026-09", paid: 250_050, outstanding: 0 });
    expect(mine["2026-08"]).toEqual({ month: "2026-08", paid: 0, outstanding: 999 });
    expect(portal.reduce((s, r) => s + r.paid + r.outstanding, 0)).toBe(100_001 + 250_050 + 999);
    const theirs = await getPaidVsOutstanding(t.db, { actor: b, today: TODAY });
    expect(theirs.reduce((s, r) => s + r.paid + r.outstanding, 0)).toBe(12_345);
  });

  it("rebuilds MRR per month from subscription start and last change", async () => {
    const c = await createTestClient(t.db, "Chart MRR");
    const d = await createTestClient(t.db, "Chart MRR 2");
    const [tier] = await t.db
      .insert(subscriptionTiers)
      .values({ tierName: "Chart", monthlyPriceCents: 123_456 })
      .returning({ id: subscriptionTiers.id });
    const [cheap] = await t.db
      .insert(subscriptionTiers)
      .values({ tierName: "Cheap", monthlyPriceCents: 1_001 })
      .returning({ id: subscriptionTiers.id });
    await t.db.insert(clientSubscriptions).values([
      {
        clientId: c.clientId,
        tierId: tier!.id,
        status: "active",
        createdAt: new Date("2026-03-01T12:00:00Z"),
        activatedAt: new Date("2026-03-10T12:00:00Z"),
        updatedAt: new Date("2026-03-10T12:00:00Z"),
      },
      {
        clientId: d.clientId,
        tierId: cheap!.id,
        status: "cancelled",
        createdAt: new Date("2026-05-02T12:00:00Z"),
        activatedAt: new Date("2026-05-02T12:00:00Z"),
        updatedAt: new Date("2026-07-20T12:00:00Z"),
      },
      // Asked for in April and never confirmed, then declined in June: counted in no month.
      {
        clientId: d.clientId,
        tierId: tier!.id,
        status: "declined",
        createdAt: new Date("2026-04-02T12:00:00Z"),
        updatedAt: new Date("2026-06-20T12:00:00Z"),
      },
      {
        clientId: c.clientId,
        tierId: cheap!.id,
        status: "pending",
        createdAt: new Date("2026-02-02T12:00:00Z"),
      },
    ]);
    const mrr = Object.fromEntries((await getMrrByMonth(t.db, { actor: admin, today: TODAY })).map((r) => [r.month, r.mrr]));
    expect(mrr["2026-02"]).toBe(0);
    expect(mrr["2026-03"]).toBe(123_456);
    expect(mrr["2026-05"]).toBe(123_456 + 1_001);
    expect(mrr["2026-06"]).toBe(123_456 + 1_001);
    expect(mrr["2026-07"]).toBe(123_456);
    expect(mrr["2026-11"]).toBe(123_456);
    await t.db.delete(clientSubscriptions).where(eq(clientSubscriptions.clientId, d.clientId));
    await t.db.delete(clientSubscriptions).where(eq(clientSubscriptions.status, "pending"));
  });

  it("refuses the wrong role", async () => {
    const c = await createTestClient(t.db, "Chart Role");
    await expect(getInvoicedVsCollected(t.db, { actor: c as never })).rejects.toThrow("Admins only");
    await expect(getPaidVsOutstanding(t.db, { actor: admin as never })).rejects.toThrow();
  });
});
