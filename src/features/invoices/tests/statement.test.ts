// A client's statement for a period (docs/PRODUCT.md#statements): opening and closing balances to
// the cent from invoices and payments before, in and after the period, through the module and
// both routes; the PDF's text read back, the CSV parsed back, bad periods refused.
import { parse } from "csv-parse/sync";
import { and, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as adminStatementRoute } from "@/app/api/admin/clients/[id]/statement/route";
import { GET as clientStatementRoute } from "@/app/api/client/statement/route";
import { auditLog } from "@/features/audit/server/schema";
import { user } from "@/features/identity/server/schema";
import { invoices, type ScheduleEntry } from "@/features/invoices/server/schema";
import { DEMO_FIRM } from "@/features/demo/server/demo-invoice-lines";
import { startViewAsClient } from "@/features/identity/server/view-as/admin-view-as";
import { VIEW_AS_COOKIE } from "@/features/identity/server/view-as/view-as";
import { getAdminStatement, getBillingSummary, getPortalStatement } from "@/features/invoices/server";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { adminActor, clientActor } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { createFreshCompany } from "@tests/integration/helpers/tenants";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
const get = async (handler: Handler, email: string | null, path: string, params: Record<string, string> = {}) =>
  getWith(handler, email ? await sessionCookie(email) : null, path, params);
const getWith = (handler: Handler, cookie: string | null, path: string, params: Record<string, string> = {}) =>
  handler(new Request(`${APP_ORIGIN}${path}`, { headers: cookie ? authHeaders(cookie) : new Headers() }), {
    params: Promise.resolve(params),
  });

async function pdfText(response: Response): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

const csvRows = async (response: Response) => parse(await response.text(), { bom: true, columns: true }) as Record<string, string>[];

const entry = (requestType: string, dueDate: string, computed: number, completed: number): ScheduleEntry => ({
  requestType,
  percentageRequested: null,
  dueDate,
  computedAmountCents: computed,
  totalCompletedAmountCents: completed,
});

// The period 2026-01-01 to 2026-06-30 of a company of its own:
// - S-OLD (2025-11-01, $2,500.01): deposit $1,000.00 due 2025-11-20 (before), balance $1,500.01 due
//   2026-02-15 but paid in full on 2026-02-10 (in the period, on the day it was paid);
// - S-PAID (2025-06-01, $300.00) paid 2025-06-20: nothing left before the period;
// - S-IN (2026-03-01, $4,800.00): deposit $1,920.00 paid, due 2026-03-10; balance $2,880.00 open;
// - S-AFTER (2026-08-01, $500.00) paid 2026-08-05, and S-VOID, cancelled in the period: left out.
// Opening 2,500.01 + 300.00 − 1,000.00 − 300.00 = 1,500.01; invoiced 4,800.00; paid 1,500.01 +
// 1,920.00 = 3,420.01; closing 2,880.00.
const PERIOD = { from: "2026-01-01", to: "2026-06-30" };
let company: { clientId: string; ownerEmail: string; name: string };

beforeAll(async () => {
  const fresh = await createFreshCompany(t.db);
  const [owner] = await t.db.select({ email: user.email }).from(user).where(eq(user.id, fresh.ownerUserId));
  company = { clientId: fresh.clientId, ownerEmail: owner!.email, name: (await clientActor(owner!.email)).company };
  const base = { clientId: fresh.clientId, squarePaymentUrl: null };
  await t.db.insert(invoices).values([
    {
      ...base,
      invoiceNumber: "S-OLD",
      amountCents: 250_001,
      status: "paid",
      issuedDate: "2025-11-01",
      paidDate: "2026-02-10",
      totalPaidCents: 250_001,
      paymentSchedule: [entry("DEPOSIT", "2025-11-20", 100_000, 100_000), entry("BALANCE", "2026-02-15", 150_001, 150_001)],
    },
    {
      ...base,
      invoiceNumber: "S-PAID",
      amountCents: 30_000,
      status: "paid",
      issuedDate: "2025-06-01",
      paidDate: "2025-06-20",
      totalPaidCents: 30_000,
    },
    {
      ...base,
      invoiceNumber: "S-IN",
      description: "Assessment",
      amountCents: 480_000,
      status: "pending",
      issuedDate: "2026-03-01",
      totalPaidCents: 192_000,
      paymentSchedule: [entry("DEPOSIT", "2026-03-10", 192_000, 192_000), entry("BALANCE", "2026-12-20", 288_000, 0)],
    },
    {
      ...base,
      invoiceNumber: "S-AFTER",
      amountCents: 50_000,
      status: "paid",
      issuedDate: "2026-08-01",
      paidDate: "2026-08-05",
      totalPaidCents: 50_000,
    },
    { ...base, invoiceNumber: "S-VOID", amountCents: 70_000, status: "cancelled", issuedDate: "2026-04-01", totalPaidCents: 0 },
  ]);
});

describe("a statement's figures", () => {
  it("opening, invoiced, paid and closing to the cent, one line per invoice and payment with the running balance", async () => {
    const statement = await getPortalStatement(t.db, { actor: await clientActor(company.ownerEmail), ...PERIOD });
    expect(statement).toMatchObject({
      ...PERIOD,
      company: company.name,
      openingCents: 150_001,
      invoicedCents: 480_000,
      paidCents: 342_001,
    });
    expect(statement.closingCents).toBe(288_000);
    expect(statement.lines).toEqual([
      {
        date: "2026-02-10",
        kind: "payment",
        invoiceNumber: "S-OLD",
        description: "Balance",
        invoicedCents: 0,
        paidCents: 150_001,
        balanceCents: 0,
      },
      {
        date: "2026-03-01",
        kind: "invoice",
        invoiceNumber: "S-IN",
        description: "Assessment",
        invoicedCents: 480_000,
        paidCents: 0,
        balanceCents: 480_000,
      },
      {
        date: "2026-03-10",
        kind: "payment",
        invoiceNumber: "S-IN",
        description: "Deposit",
        invoicedCents: 0,
        paidCents: 192_000,
        balanceCents: 288_000,
      },
    ]);
  });

  it("the next period opens on this one's closing balance, and a period up to today closes on the balance due", async () => {
    const actor = await clientActor(company.ownerEmail);
    const next = await getPortalStatement(t.db, { actor, from: "2026-07-01", to: "2026-08-31" });
    expect(next).toMatchObject({ openingCents: 288_000, invoicedCents: 50_000, paidCents: 50_000, closingCents: 288_000 });
    const today = new Date().toISOString().slice(0, 10);
    const all = await getPortalStatement(t.db, { actor, from: "2025-01-01", to: today });
    expect(all.openingCents).toBe(0);
    expect(all.closingCents).toBe((await getBillingSummary(t.db, { actor })).balanceDueCents);
  });

  it("Acme's demo invoices make a statement for 2026 that closes on Acme's balance due", async () => {
    const actor = await clientActor();
    const today = new Date().toISOString().slice(0, 10);
    const statement = await getPortalStatement(t.db, { actor, from: "2026-01-01", to: today });
    expect(statement.lines.filter((l) => l.kind === "invoice").length).toBeGreaterThanOrEqual(6);
    expect(statement.lines.some((l) => l.kind === "payment")).toBe(true);
    expect(statement.closingCents).toBe((await getBillingSummary(t.db, { actor })).balanceDueCents);
  });

  it("the firm reads the same statement, recorded in the company's access log; an unknown company is a 404", async () => {
    const admin = await adminActor();
    const statement = await getAdminStatement(t.db, { actor: admin, clientId: company.clientId, ...PERIOD });
    expect(statement.closingCents).toBe(288_000);
    const looks = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.clientId, company.clientId), eq(auditLog.action, "export.client_statement")));
    expect(looks).toEqual([{ after: { name: "Statement 2026-01-01 to 2026-06-30" } }]);
    await expect(
      getAdminStatement(t.db, { actor: admin, clientId: "00000000-0000-4000-8000-000000000000", ...PERIOD }),
    ).rejects.toMatchObject({ status: 404, message: "Client not found" });
  });
});

describe("the downloads", () => {
  const query = `from=${PERIOD.from}&to=${PERIOD.to}`;

  it("the portal's PDF shows the firm, the company and the four figures", async () => {
    const response = await get(clientStatementRoute, company.ownerEmail, `/api/client/statement?${query}&format=pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="statement-2026-01-01-to-2026-06-30.pdf"');
    const text = await pdfText(response);
    for (const shown of [
      DEMO_FIRM.name,
      "STATEMENT",
      company.name,
      "Jan 1, 2026",
      "Jun 30, 2026",
      "$1,500.01",
      "$4,800.00",
      "$3,420.01",
      "$2,880.00",
      "S-OLD",
      "S-IN",
    ])
      expect(text).toContain(shown);
    expect(text).not.toContain("S-AFTER");
    expect(text).not.toContain("S-VOID");
  });

  it("the portal's CSV has the opening balance, each line and the closing balance", async () => {
    const response = await get(clientStatementRoute, company.ownerEmail, `/api/client/statement?${query}&format=csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="statement-2026-01-01-to-2026-06-30.csv"');
    expect(await csvRows(response)).toEqual([
      {
        Date: "2026-01-01",
        Type: "Opening balance",
        Invoice: "",
        Description: "",
        "Invoiced (USD)": "",
        "Paid (USD)": "",
        "Balance (USD)": "1500.01",
      },
      {
        Date: "2026-02-10",
        Type: "Payment",
        Invoice: "S-OLD",
        Description: "Balance",
        "Invoiced (USD)": "",
        "Paid (USD)": "1500.01",
        "Balance (USD)": "0.00",
      },
      {
        Date: "2026-03-01",
        Type: "Invoice",
        Invoice: "S-IN",
        Description: "Assessment",
        "Invoiced (USD)": "4800.00",
        "Paid (USD)": "",
        "Balance (USD)": "4800.00",
      },
      {
        Date: "2026-03-10",
        Type: "Payment",
        Invoice: "S-IN",
        Description: "Deposit",
        "Invoiced (USD)": "",
        "Paid (USD)": "1920.00",
        "Balance (USD)": "2880.00",
      },
      {
        Date: "2026-06-30",
        Type: "Closing balance",
        Invoice: "",
        Description: "",
        "Invoiced (USD)": "",
        "Paid (USD)": "",
        "Balance (USD)": "2880.00",
      },
    ]);
  });

  it("another client's session reads its own statement, never this company's", async () => {
    const response = await get(clientStatementRoute, "client@example.com", `/api/client/statement?${query}&format=csv`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain("S-OLD");
    expect(text).not.toContain("S-IN");
  });

  it("the admin's route gives the same figures for the company named in its path", async () => {
    const response = await get(
      adminStatementRoute,
      "admin@example.com",
      `/api/admin/clients/${company.clientId}/statement?${query}&format=csv`,
      {
        id: company.clientId,
      },
    );
    expect(response.status).toBe(200);
    const rows = await csvRows(response);
    expect(rows.at(0)!["Balance (USD)"]).toBe("1500.01");
    expect(rows.at(-1)!["Balance (USD)"]).toBe("2880.00");
    const pdf = await get(adminStatementRoute, "admin@example.com", `/api/admin/clients/${company.clientId}/statement?${query}`, {
      id: company.clientId,
    });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(await pdfText(pdf)).toContain("$2,880.00");
  });

  it("an admin viewing the company's portal reads its statement, recorded as read while viewing", async () => {
    const { cookie } = await startViewAsClient(t.db, { actor: await adminActor(), clientId: company.clientId });
    const viewing = `${await sessionCookie("admin@example.com")}; ${VIEW_AS_COOKIE}=${encodeURIComponent(cookie.value)}`;
    const response = await getWith(clientStatementRoute, viewing, `/api/client/statement?${query}&format=csv`);
    expect(response.status).toBe(200);
    expect((await csvRows(response)).at(-1)!["Balance (USD)"]).toBe("2880.00");
    const looks = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.clientId, company.clientId), eq(auditLog.action, "export.client_statement")));
    expect(looks.map((l) => l.after)).toContainEqual({ name: "Statement 2026-01-01 to 2026-06-30", viewingPortal: true });
  });

  it.each([
    ["from=2026-02-30", "Not a real date"],
    ["from=2026-06-30&to=2026-01-01", "The end date is before the start date"],
    ["from=2030-01-01&to=", "The end date is before the start date"],
    ["from=2020-01-01&to=2025-01-01", "A statement covers at most 5 years"],
    ["format=xlsx", "Choose PDF or CSV"],
  ])("refuses %s with a 400 that says why", async (bad, message) => {
    const response = await get(clientStatementRoute, company.ownerEmail, `/api/client/statement?${bad}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, error: message });
    const admin = await get(adminStatementRoute, "admin@example.com", `/api/admin/clients/${company.clientId}/statement?${bad}`, {
      id: company.clientId,
    });
    expect(admin.status).toBe(400);
  });

  it("without a session: 401; the firm outside a portal view: 403 on the portal's route", async () => {
    expect((await get(clientStatementRoute, null, "/api/client/statement")).status).toBe(401);
    expect((await get(clientStatementRoute, "admin@example.com", "/api/client/statement")).status).toBe(403);
    expect(
      (await get(adminStatementRoute, company.ownerEmail, `/api/admin/clients/${company.clientId}/statement`, { id: company.clientId }))
        .status,
    ).toBe(403);
  });
});
