// The sync stores the lines of the Square order behind each invoice (docs/PRODUCT.md#invoice-page),
// read from the fake Square's orders; a repeated sync writes none again, a changed order replaces them.
import { asc, eq, isNotNull } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { invoiceLineItems, invoices } from "@/features/invoices/server/schema";
import { paymentProviderConnections, squareCustomers } from "@/features/square/server/schema";
import { syncSquareInvoices } from "@/features/square/server";
import { saveConnection } from "@/features/square/server/connection";
import { demoFixture } from "../../../../tools/fake-square/fixtures";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { configureSquareEnv, setupFakeSquare } from "@tests/integration/helpers/square";

const t = setupTestDatabase({ seedDemo: true });
const sq = setupFakeSquare();

async function connect() {
  const token = sq.fake.issueToken(30 * 24 * 60 * 60);
  await saveConnection(t.db, { ...token, expiresAt: new Date(token.expiresAt) }, { scopes: null, connectedBy: null });
}

async function linesOf(invoiceNumber: string) {
  return t.db
    .select({
      id: invoiceLineItems.id,
      name: invoiceLineItems.name,
      quantity: invoiceLineItems.quantity,
      unitPriceCents: invoiceLineItems.unitPriceCents,
      totalCents: invoiceLineItems.totalCents,
      note: invoiceLineItems.note,
    })
    .from(invoiceLineItems)
    .innerJoin(invoices, eq(invoices.id, invoiceLineItems.invoiceId))
    .where(eq(invoices.invoiceNumber, invoiceNumber))
    .orderBy(asc(invoiceLineItems.position));
}

beforeEach(async () => {
  configureSquareEnv(sq.fake);
  sq.fake.clearFaults();
  sq.fake.reset(demoFixture());
  await t.db.delete(invoices).where(isNotNull(invoices.squareInvoiceId));
  await t.db.delete(squareCustomers);
  await t.db.delete(paymentProviderConnections);
  await connect();
});

describe("line items from the Square order", () => {
  it("stores each imported invoice's lines, in exact cents, with quantity and note", async () => {
    await syncSquareInvoices(t.db, null);
    expect((await linesOf("SQ-3001")).map(({ id: _id, ...line }) => line)).toEqual([
      {
        name: "Agent red-team engagement",
        quantity: "1",
        unitPriceCents: 3_600_000,
        totalCents: 3_600_000,
        note: "Two weeks, two consultants",
      },
      { name: "Retest of the fixed findings", quantity: "2", unitPriceCents: 450_000, totalCents: 900_000, note: null },
    ]);
    // Every other invoice: one line for its whole amount, named as the invoice.
    const [sq3003] = await t.db.select().from(invoices).where(eq(invoices.invoiceNumber, "SQ-3003"));
    expect((await linesOf("SQ-3003")).map((l) => [l.name, l.totalCents])).toEqual([["Prompt-injection retest", sq3003!.amountCents]]);
    // The draft is not imported, nor are its lines.
    expect(await linesOf("SQ-3006")).toEqual([]);
    // The lines add up to the invoice's amount.
    const [sq3001] = await t.db.select().from(invoices).where(eq(invoices.invoiceNumber, "SQ-3001"));
    expect((await linesOf("SQ-3001")).reduce((sum, l) => sum + l.totalCents, 0)).toBe(sq3001!.amountCents);
  });

  it("a second sync leaves the lines as they are; a changed order replaces them", async () => {
    await syncSquareInvoices(t.db, null);
    const first = await linesOf("SQ-3001");
    await syncSquareInvoices(t.db, null);
    // Same rows (same ids): nothing was rewritten.
    expect(await linesOf("SQ-3001")).toEqual(first);

    const invoice = sq.fake.invoices().find((i) => i.invoice_number === "SQ-3001")!;
    const order = sq.fake.orders().find((o) => o.id === invoice.order_id)!;
    order.line_items = [order.line_items[0]!];
    order.line_items[0]!.note = "Scope confirmed";
    await syncSquareInvoices(t.db, null);
    const after = await linesOf("SQ-3001");
    expect(after.map((l) => [l.name, l.note])).toEqual([["Agent red-team engagement", "Scope confirmed"]]);
    // SQ-3002's lines were not touched.
    expect((await linesOf("SQ-3002")).length).toBe(1);
  });

  it("an invoice whose order Square no longer has keeps the lines it had", async () => {
    await syncSquareInvoices(t.db, null);
    const before = await linesOf("SQ-3003");
    const invoice = sq.fake.invoices().find((i) => i.invoice_number === "SQ-3003")!;
    const orders = sq.fake.orders();
    orders.splice(
      orders.findIndex((o) => o.id === invoice.order_id),
      1,
    );
    await syncSquareInvoices(t.db, null);
    expect(await linesOf("SQ-3003")).toEqual(before);
  });
});
