// An invoice a client can read (docs/PRODUCT.md#invoice-page): what is still due on partial
// schedules, the invoice read with its lines (scoped by the session's company), and the PDF drawn
// on the server, its text read back.
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it, vi } from "vitest";
import { GET as adminPdfRoute } from "@/app/api/admin/invoices/[id]/pdf/route";
import { GET as clientPdfRoute } from "@/app/api/client/invoices/[id]/pdf/route";
import { invoiceDue } from "@/lib/invoice-due";
import { auditLog } from "@/features/audit/server/schema";
import { invoiceLineItems, invoices } from "@/features/invoices/server/schema";
import { DEMO_CLIENTS, DEMO_INVOICES } from "@/features/demo/server/demo-data";
import { DEMO_FIRM } from "@/features/demo/server/demo-invoice-lines";
import { getPortalInvoice, listPayableInvoices } from "@/features/invoices/server";
import { projectNameSql } from "@/features/projects/server";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { clientActor } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });
const INV_1001 = DEMO_INVOICES.find((i) => i.invoiceNumber === "INV-1001")!;
const INV_2001 = DEMO_INVOICES.find((i) => i.invoiceNumber === "INV-2001")!;

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
const get = async (handler: Handler, email: string | null, path: string, id: string) =>
  handler(new Request(`${APP_ORIGIN}${path}`, { headers: email ? authHeaders(await sessionCookie(email)) : new Headers() }), {
    params: Promise.resolve({ id }),
  });

async function pdfText(response: Response): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/** A pending invoice of Acme's with this schedule (no Square id: made by hand), read back through the portal. */
async function invoiceWith(amountCents: number, schedule: [string, number, number][], status: "pending" | "overdue" = "pending") {
  const [row] = await t.db
    .insert(invoices)
    .values({
      clientId: DEMO_CLIENTS.acme.id,
      invoiceNumber: `T-${Math.random().toString(36).slice(2, 8)}`,
      amountCents,
      status,
      // What Square records as paid in total: the sum of what each request received.
      totalPaidCents: schedule.reduce((sum, [, , completed]) => sum + completed, 0),
      paymentSchedule: schedule.map(([requestType, computed, completed], i) => ({
        requestType,
        percentageRequested: null,
        dueDate: `2026-12-${String(10 + i).padStart(2, "0")}`,
        computedAmountCents: computed,
        totalCompletedAmountCents: completed,
      })),
      squarePaymentUrl: "https://squareup.com/pay-invoice/test",
    })
    .returning({ id: invoices.id });
  return (await getPortalInvoice(t.db, { actor: await clientActor(), projectName: projectNameSql, invoiceId: row!.id }))!;
}

describe("what is still due on a partial schedule", () => {
  it("INV-1001: the deposit of $19,200.00 paid leaves $28,800.00 of $48,000.00, the balance next", async () => {
    const invoice = (await getPortalInvoice(t.db, { actor: await clientActor(), projectName: projectNameSql, invoiceId: INV_1001.id }))!;
    const due = invoiceDue(invoice);
    expect(due).toMatchObject({ totalCents: 4_800_000, paidCents: 1_920_000, dueCents: 2_880_000, label: "Partly Paid" });
    expect(due.summary).toBe("$28,800.00 due of $48,000.00 · Partly Paid");
    expect(due.next?.cents).toBe(2_880_000);
  });

  it("installments partly paid: exact cents, the next amount is what remains of the first unpaid one", async () => {
    const invoice = await invoiceWith(
      1_000_001,
      [
        ["INSTALLMENT", 333_334, 333_334],
        ["INSTALLMENT", 333_334, 100_001],
        ["INSTALLMENT", 333_333, 0],
      ],
      "overdue",
    );
    const due = invoiceDue(invoice);
    expect(due.paidCents).toBe(433_335);
    expect(due.dueCents).toBe(566_666);
    expect(due.next).toEqual({ cents: 233_333, dueDate: "2026-12-11" });
    expect(due.summary).toBe("$5,666.66 due of $10,000.01 · Partly Paid · Overdue");
  });

  it("Pay Now's choices are the open invoices with a payment page, none cancelled or paid", async () => {
    const payable = await listPayableInvoices(t.db, { actor: await clientActor() });
    const numbers = payable.map((i) => i.invoiceNumber);
    expect(numbers).toContain("INV-1001");
    for (const row of payable) expect(["pending", "overdue"]).toContain(row.status);
    const closed = DEMO_INVOICES.filter((i) => i.clientId === DEMO_CLIENTS.acme.id && ["paid", "cancelled"].includes(i.status));
    expect(closed.length).toBeGreaterThan(0);
    for (const invoice of closed) expect(numbers).not.toContain(invoice.invoiceNumber);
  });
});

describe("an invoice's page and PDF", () => {
  it("reads the invoice with the lines of its order, in their order", async () => {
    const invoice = (await getPortalInvoice(t.db, { actor: await clientActor(), projectName: projectNameSql, invoiceId: INV_1001.id }))!;
    expect(invoice.lineItems.map((l) => [l.name, l.quantity, l.unitPriceCents, l.totalCents])).toEqual([
      ["LLM gateway security assessment", "1", 3_600_000, 3_600_000],
      ["Prompt-injection test suite", "1", 750_000, 750_000],
      ["Retest of fixed findings", "3", 150_000, 450_000],
    ]);
    expect(invoice.lineItems.reduce((sum, l) => sum + l.totalCents, 0)).toBe(invoice.amountCents);
  });

  it("another company's invoice is missing for the client: null, and its PDF a 404", async () => {
    expect(
      await getPortalInvoice(t.db, {
        actor: await clientActor("client2@example.com"),
        projectName: projectNameSql,
        invoiceId: INV_1001.id,
      }),
    ).toBeNull();
    const response = await get(clientPdfRoute, "client2@example.com", `/api/client/invoices/${INV_1001.id}/pdf`, INV_1001.id);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, error: "Invoice not found", code: "not_found" });
    // Acme reading Globex's is the same 404.
    const other = await get(clientPdfRoute, "client@example.com", `/api/client/invoices/${INV_2001.id}/pdf`, INV_2001.id);
    expect(other.status).toBe(404);
  });

  it("the client's PDF holds the firm, the lines and the totals with what is due", async () => {
    const response = await get(clientPdfRoute, "client@example.com", `/api/client/invoices/${INV_1001.id}/pdf`, INV_1001.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="invoice-INV-1001.pdf"');
    const text = await pdfText(response);
    for (const expected of [
      DEMO_FIRM.name,
      "100 Market Street, Suite 300",
      "Invoice INV-1001",
      DEMO_CLIENTS.acme.company,
      "LLM gateway security assessment",
      "Two consultants, three weeks",
      "$36,000.00",
      "Prompt-injection test suite",
      "$7,500.00",
      "Retest of fixed findings",
      "$1,500.00",
      "$4,500.00",
      "Total",
      "$48,000.00",
      "Paid",
      "$19,200.00",
      "Amount due",
      "$28,800.00",
      "Deposit (40%)",
      "Balance",
      "Partly Paid",
    ])
      expect(text).toContain(expected);
  });

  it("the firm's PDF is the same invoice, and the firm's look is in the company's access log", async () => {
    const response = await get(adminPdfRoute, "admin@example.com", `/api/admin/invoices/${INV_2001.id}/pdf`, INV_2001.id);
    expect(response.status).toBe(200);
    const text = await pdfText(response);
    expect(text).toContain("RAG pipeline review");
    expect(text).toContain("$18,000.00");
    const looks = await t.db.select({ clientId: auditLog.clientId }).from(auditLog).where(eq(auditLog.entityId, INV_2001.id));
    expect(looks).toContainEqual({ clientId: DEMO_CLIENTS.globex.id });
    // A client is refused the firm's route.
    expect((await get(adminPdfRoute, "client@example.com", `/api/admin/invoices/${INV_2001.id}/pdf`, INV_2001.id)).status).toBe(403);
  });

  it("an invoice without lines prints one line for its amount", async () => {
    const invoice = await invoiceWith(12_345, [["BALANCE", 12_345, 0]]);
    await t.db.delete(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, invoice.id));
    const text = await pdfText(await get(clientPdfRoute, "client@example.com", `/api/client/invoices/${invoice.id}/pdf`, invoice.id));
    expect(text).toContain(`Invoice ${invoice.invoiceNumber}`);
    expect(text).toContain("$123.45");
  });

  it("a malformed id is a 400, no session a 401", async () => {
    expect((await get(clientPdfRoute, "client@example.com", "/api/client/invoices/nope/pdf", "nope")).status).toBe(400);
    expect((await get(clientPdfRoute, null, `/api/client/invoices/${INV_1001.id}/pdf`, INV_1001.id)).status).toBe(401);
  });
});
