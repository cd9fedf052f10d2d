// The admin Invoices screen (docs/PRODUCT.md#admin-invoices): its filters, the filter's totals in
// exact cents, keyset pages of one statement each, and the CSV export of the same filter.
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as exportInvoices } from "@/app/api/admin/exports/invoices/route";
import { countQueries } from "@/server/core/db/query-counter";
import { clients } from "@/features/clients/server/schema";
import { invoices } from "@/features/invoices/server/schema";
import { type AdminInvoiceFilter, type AdminInvoiceRow, listAdminInvoices } from "@/features/invoices/server";
import { projectNameSql } from "@/features/projects/server";
import { adminActor, adminCookie } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";

const t = setupTestDatabase({ seedDemo: true });

/** Every row of a filter, page by page (three a page), with the statements each page took. */
async function walk(filter: AdminInvoiceFilter) {
  const actor = await adminActor();
  const rows: AdminInvoiceRow[] = [];
  const queries: number[] = [];
  let after: string | undefined;
  let totals;
  for (;;) {
    const { result, queries: count } = await countQueries(() =>
      listAdminInvoices(t.db, { actor, projectName: projectNameSql, filter, after, pageSize: 3 }),
    );
    rows.push(...result.rows);
    queries.push(count);
    totals ??= result.totals;
    expect(result.totals).toEqual(totals);
    if (!result.next) break;
    after = result.next;
  }
  return { rows, queries, totals: totals! };
}

const sum = (rows: AdminInvoiceRow[], pick: (row: AdminInvoiceRow) => number) => rows.reduce((total, row) => total + pick(row), 0);

let added: Promise<string> | undefined;
/** The invoices the tests count on, added once to the demo set: Acme's id. */
const addInvoices = () => (added ??= insertInvoices());

async function insertInvoices() {
  const [acme] = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.company, "Acme Robotics"));
  const base = { clientId: acme!.id, issuedDate: "2025-03-10", dueDate: "2025-04-10" };
  await t.db.insert(invoices).values([
    { ...base, invoiceNumber: "T-PART", amountCents: 100_001, totalPaidCents: 33_333, status: "overdue" },
    { ...base, invoiceNumber: "T-NONE", amountCents: 70_007, totalPaidCents: 0, status: "overdue" },
    { ...base, invoiceNumber: "T-CANCEL", amountCents: 5_005, totalPaidCents: 1_000, status: "cancelled" },
    { ...base, invoiceNumber: "T-UNDATED", amountCents: 1_234, status: "pending", issuedDate: null, dueDate: null },
  ]);
  return acme!.id;
}

describe("admin Invoices", () => {
  it("walks every invoice once in keyset pages of one statement, undated last, totals the same on every page", async () => {
    await addInvoices();
    const all = await t.db.select({ id: invoices.id }).from(invoices);
    // The first walk records the looks in the companies' access logs; walked again within the visit,
    // a page is its one statement, plus the visit check when it shows a company's invoices.
    await walk({});
    const { rows, queries, totals } = await walk({});
    expect(rows.map((r) => r.id).sort()).toEqual(all.map((r) => r.id).sort());
    expect(queries.every((count) => count === 1 || count === 2)).toBe(true);
    expect(rows[rows.length - 1]!.invoiceNumber).toBe("T-UNDATED");
    const dated = rows.filter((r) => r.issuedDate).map((r) => r.issuedDate!);
    expect(dated).toEqual([...dated].sort().reverse());
    expect(totals.count).toBe(all.length);
    // Cancelled invoices are neither billed nor paid nor owed (docs/PRODUCT.md#rules-invoices-and-balances).
    const billed = rows.filter((r) => r.status !== "cancelled");
    expect(totals).toEqual({
      count: rows.length,
      billedCents: sum(billed, (r) => r.amountCents),
      paidCents: sum(billed, (r) => r.paidCents),
      outstandingCents: sum(rows, (r) => r.outstandingCents),
    });
  });

  it("filters by client, status, a date range and the invoice number; the totals are the rows' sums in exact cents", async () => {
    const acme = await addInvoices();
    const overdue = await walk({ client: acme, status: "overdue", dates: "due", from: "2025-04-01", to: "2025-04-30" });
    expect(overdue.rows.map((r) => r.invoiceNumber).sort()).toEqual(["T-NONE", "T-PART"]);
    expect(overdue.totals).toEqual({ count: 2, billedCents: 170_008, paidCents: 33_333, outstandingCents: 136_675 });

    const partially = await walk({ status: "partially_paid" });
    expect(partially.rows.every((r) => ["pending", "overdue"].includes(r.status) && r.paidCents > 0 && r.outstandingCents > 0)).toBe(true);
    expect(partially.rows.map((r) => r.invoiceNumber)).toContain("T-PART");
    const unpaid = await walk({ status: "unpaid" });
    expect(unpaid.rows.every((r) => ["pending", "overdue"].includes(r.status) && r.paidCents === 0)).toBe(true);
    expect(unpaid.rows.map((r) => r.invoiceNumber)).toEqual(expect.arrayContaining(["T-NONE", "T-UNDATED"]));

    const issuedInMarch = await walk({ from: "2025-03-10", to: "2025-03-10" });
    expect(issuedInMarch.rows.map((r) => r.invoiceNumber).sort()).toEqual(["T-CANCEL", "T-NONE", "T-PART"]);
    expect(issuedInMarch.totals.billedCents).toBe(170_008);

    const byNumber = await walk({ number: "t-pa" });
    expect(byNumber.rows.map((r) => r.invoiceNumber)).toEqual(["T-PART"]);
    const wildcard = await walk({ number: "%" });
    expect(wildcard.rows).toEqual([]);
    expect(wildcard.totals).toEqual({ count: 0, billedCents: 0, paidCents: 0, outstandingCents: 0 });
  });

  it("links each row to its client and project, and exports exactly the filtered rows", async () => {
    const acme = await addInvoices();
    const { rows } = await walk({ client: acme, status: "overdue" });
    expect(rows.every((r) => r.clientId === acme && r.company === "Acme Robotics")).toBe(true);
    const all = await walk({});
    expect(all.rows.some((r) => r.projectId && r.projectName)).toBe(true);

    const response = await exportInvoices(
      new Request(`${APP_ORIGIN}/api/admin/exports/invoices?client=${acme}&status=overdue`, { headers: authHeaders(await adminCookie()) }),
    );
    expect(response.status).toBe(200);
    const [, ...records] = parse(await response.text(), { bom: true }) as string[][];
    expect(records.map((r) => r[0]).sort()).toEqual(rows.map((r) => r.invoiceNumber).sort());
  });
});
