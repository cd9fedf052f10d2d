// CSV exports (docs/PRODUCT.md#csv-exports): admin clients, projects and invoices with the lists'
// filters, and the portal's own invoices; parsed back with csv-parse.
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { GET as exportClients } from "@/app/api/admin/exports/clients/route";
import { GET as exportInvoices } from "@/app/api/admin/exports/invoices/route";
import { GET as exportProjects } from "@/app/api/admin/exports/projects/route";
import { GET as exportOwnInvoices } from "@/app/api/client/invoices/export/route";
import { clients } from "@/features/clients/server/schema";
import { invoices } from "@/features/invoices/server/schema";
import { projects } from "@/features/projects/server/schema";
import { DEMO_INVOICES } from "@/features/demo/server/demo-data";
import { getPortalProfile, updateAccountSettings } from "@/features/clients/server";
import { exportAdminInvoices } from "@/features/exports/server";
import { adminActor, adminCookie, clientActor, clientCookie } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";

const t = setupTestDatabase({ seedDemo: true });

type Route = (request: Request) => Promise<Response>;
const get = (route: Route, path: string, cookie?: string) =>
  route(new Request(`${APP_ORIGIN}${path}`, { headers: cookie ? authHeaders(cookie) : undefined }));

async function download(route: Route, path: string, cookie: string) {
  const response = await get(route, path, cookie);
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  const rows = parse(text, { bom: true }) as string[][];
  const [header, ...body] = rows;
  return {
    response,
    bytes,
    text,
    header: header!,
    body,
    records: body.map((row) => Object.fromEntries(header!.map((h, i) => [h, row[i]]))),
  };
}

const acmeInvoices = DEMO_INVOICES.filter((i) => i.invoiceNumber.startsWith("INV-1"));
const globexInvoices = DEMO_INVOICES.filter((i) => i.invoiceNumber.startsWith("INV-2"));

describe("CSV exports", () => {
  it("refuses anonymous callers (401) and the other role (403)", async () => {
    for (const [route, path] of [
      [exportClients, "/api/admin/exports/clients"],
      [exportProjects, "/api/admin/exports/projects"],
      [exportInvoices, "/api/admin/exports/invoices"],
      [exportOwnInvoices, "/api/client/invoices/export"],
    ] as const) {
      const anonymous = await get(route, path);
      expect(anonymous.status).toBe(401);
      expect((await anonymous.json()).success).toBe(false);
    }
    expect((await get(exportInvoices, "/api/admin/exports/invoices", await clientCookie())).status).toBe(403);
    expect((await get(exportOwnInvoices, "/api/client/invoices/export", await adminCookie())).status).toBe(403);
  });

  it("answers a dated attachment, UTF-8 with a BOM and CRLF records", async () => {
    const { response, bytes, text } = await download(exportInvoices, "/api/admin/exports/invoices", await adminCookie());
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="invoices-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(
      text
        .slice(1)
        .startsWith(
          '"Invoice","Client","Project","Description","Status","Issued","Due","Paid on","Amount (USD)","Paid (USD)","Outstanding (USD)"\r\n',
        ),
    ).toBe(true);
  });

  it("exports every invoice with exact money, newest issue date first", async () => {
    const { records } = await download(exportInvoices, "/api/admin/exports/invoices", await adminCookie());
    expect(records.map((r) => r.Invoice).sort()).toEqual(DEMO_INVOICES.map((i) => i.invoiceNumber).sort());
    const issued = records.map((r) => r.Issued!);
    expect(issued).toEqual([...issued].sort().reverse());
    const inv1003 = records.find((r) => r.Invoice === "INV-1003")!;
    expect(inv1003).toMatchObject({
      Client: "Acme Robotics",
      Status: "Paid",
      "Amount (USD)": "12500.50",
      "Paid (USD)": "12500.50",
      "Outstanding (USD)": "0.00",
      "Paid on": "2026-07-30",
    });
    const inv1001 = records.find((r) => r.Invoice === "INV-1001")!;
    expect(inv1001).toMatchObject({ "Amount (USD)": "48000.00", "Paid (USD)": "19200.00", "Outstanding (USD)": "28800.00" });
  });

  it("applies the filters: client search and status", async () => {
    const admin = await adminCookie();
    const globex = await download(exportInvoices, "/api/admin/exports/invoices?q=globex", admin);
    expect(globex.records.map((r) => r.Invoice).sort()).toEqual(globexInvoices.map((i) => i.invoiceNumber).sort());
    const overdue = await download(exportInvoices, "/api/admin/exports/invoices?status=overdue", admin);
    expect(overdue.records.map((r) => r.Invoice).sort()).toEqual(
      DEMO_INVOICES.filter((i) => i.status === "overdue")
        .map((i) => i.invoiceNumber)
        .sort(),
    );
    const junk = await download(exportInvoices, "/api/admin/exports/invoices?status=bogus", admin);
    expect(junk.records).toHaveLength(DEMO_INVOICES.length);

    const clientRows = await download(exportClients, "/api/admin/exports/clients?q=acme", admin);
    expect(clientRows.records.map((r) => r.Company)).toEqual(["Acme Robotics"]);
    const completed = await t.db.select({ name: projects.projectName }).from(projects).where(eq(projects.status, "completed"));
    expect(completed.length).toBeGreaterThan(0);
    const projectRows = await download(exportProjects, "/api/admin/exports/projects?status=completed", admin);
    expect(projectRows.records.map((r) => r.Project).sort()).toEqual(completed.map((p) => p.name).sort());
    expect(new Set(projectRows.records.map((r) => r.Status))).toEqual(new Set(["Completed"]));
  });

  it("quotes per RFC 4180 and neutralises formula cells", async () => {
    const [acme] = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.company, "Acme Robotics"));
    const nasty = [
      { invoiceNumber: '=HYPERLINK("http://evil")', description: 'Line one\r\nline "two", three' },
      { invoiceNumber: "+SUM(A1)", description: "@cmd" },
      { invoiceNumber: "-2+3", description: "\tTabbed" },
      { invoiceNumber: "\rCR", description: "plain, with comma" },
      { invoiceNumber: 'INV;=HYPERLINK("http://evil")', description: "a;=1+1" },
    ];
    await t.db
      .insert(invoices)
      .values(nasty.map((n) => ({ ...n, clientId: acme!.id, amountCents: 1, status: "pending" as const, issuedDate: "2020-01-01" })));
    const { records, text } = await download(exportOwnInvoices, "/api/client/invoices/export", await clientCookie());
    const byDescription = (d: string) => records.find((r) => r.Description === d);
    expect(byDescription('Line one\r\nline "two", three')?.Invoice).toBe('\'=HYPERLINK("http://evil")');
    expect(text).toContain('"Line one\r\nline ""two"", three"');
    expect(byDescription("a;'=1+1")?.Invoice).toBe('INV;\'=HYPERLINK("http://evil")');
    expect(byDescription("'@cmd")?.Invoice).toBe("'+SUM(A1)");
    expect(byDescription("'\tTabbed")?.Invoice).toBe("'-2+3");
    expect(byDescription("plain, with comma")?.Invoice).toBe("'\rCR");
    expect(byDescription("'@cmd")?.["Amount (USD)"]).toBe("0.01");
    // No cell of the export, nor any piece of one split on ";", a tab or a line, starts with a formula character.
    for (const record of records)
      for (const cell of Object.values(record)) for (const piece of (cell ?? "").split(/[;\t\r\n]/)) expect(piece).not.toMatch(/^[=+\-@]/);
    await t.db.delete(invoices).where(eq(invoices.issuedDate, "2020-01-01"));
  });

  it("neutralises a formula a client hides after a semicolon in its company name", async () => {
    const actor = await clientActor();
    const profile = await getPortalProfile(t.db, { actor });
    const company = 'Acme;=HYPERLINK("http://evil.example","Open")';
    await updateAccountSettings(t.db, { actor, input: { ...profile, company } });
    try {
      const { records, text } = await download(exportClients, "/api/admin/exports/clients", await adminCookie());
      expect(records.map((r) => r.Company)).toContain('Acme;\'=HYPERLINK("http://evil.example","Open")');
      expect(text).toContain('"Acme;\'=HYPERLINK(""http://evil.example"",""Open"")"');
    } finally {
      await updateAccountSettings(t.db, { actor, input: profile });
    }
  });

  it("gives each client its own invoices only", async () => {
    const acme = await download(exportOwnInvoices, "/api/client/invoices/export", await clientCookie("client@example.com"));
    expect(acme.records.map((r) => r.Invoice).sort()).toEqual(acmeInvoices.map((i) => i.invoiceNumber).sort());
    expect(acme.header).not.toContain("Client");
    const globex = await download(exportOwnInvoices, "/api/client/invoices/export", await clientCookie("client2@example.com"));
    expect(globex.records.map((r) => r.Invoice).sort()).toEqual(globexInvoices.map((i) => i.invoiceNumber).sort());
    expect(globex.text).not.toMatch(/INV-1\d{3}|Acme/);
  });

  it("reads in keyset pages that neither skip nor repeat rows, nulls last", async () => {
    const [acme] = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.company, "Acme Robotics"));
    const extra = Array.from({ length: 25 }, (_, i) => ({
      clientId: acme!.id,
      invoiceNumber: `KS-${i}`,
      amountCents: 100 + i,
      status: "pending" as const,
      issuedDate: i % 5 === 0 ? null : `2025-0${(i % 3) + 1}-1${i % 2}`,
    }));
    await t.db.insert(invoices).values(extra);
    const pages: { invoiceNumber: string; issuedDate: string | null }[][] = [];
    // A page size of 4 sends many cursors (dated, equal dates, then undated) through the same query.
    for await (const page of exportAdminInvoices(t.db, { actor: await adminActor(), pageSize: 4 })) pages.push(page);
    expect(pages.every((page) => page.length > 0 && page.length <= 4)).toBe(true);
    const all = pages.flat();
    expect(all).toHaveLength(DEMO_INVOICES.length + extra.length);
    expect(new Set(all.map((r) => r.invoiceNumber)).size).toBe(all.length);
    const dated = all.filter((r) => r.issuedDate !== null).map((r) => r.issuedDate!);
    expect(all.slice(0, dated.length).map((r) => r.issuedDate)).toEqual([...dated].sort().reverse());
    expect(all.slice(dated.length).every((r) => r.issuedDate === null)).toBe(true);
    await t.db.delete(invoices).where(eq(invoices.amountCents, 100));
  });
});
