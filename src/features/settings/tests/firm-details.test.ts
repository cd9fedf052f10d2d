// Settings → Firm details (docs/PRODUCT.md#admin-settings): the admin saves the firm's name and
// address (audited), bad input is refused with the form's messages, a client is refused, and the
// invoice PDF and the statement print what was saved.
import { desc, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveFirmDetailsAction } from "@/features/settings/actions/admin";
import { auditLog } from "@/features/audit/server/schema";
import { invoices } from "@/features/invoices/server/schema";
import { DEMO_CLIENTS, DEMO_INVOICES } from "@/features/demo/server/demo-data";
import { DEMO_FIRM } from "@/features/demo/server/demo-invoice-lines";
import { portalInvoicePdf, portalStatementPdf } from "@/features/invoices/server";
import { projectNameSql } from "@/features/projects/server";
import { getAdminSettings, getFirmDetails } from "@/features/settings/server";
import { authHeaders } from "@tests/integration/helpers/auth";
import { adminActor, adminCookie, clientActor, clientCookie } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);
const t = setupTestDatabase({ seedDemo: true });

afterEach(() => {
  requestHeaders.current = new Headers();
});

const asAdmin = async () => (requestHeaders.current = authHeaders(await adminCookie({ secondFactor: "totp" })));

const pdfText = async (bytes: Uint8Array) => (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text;

describe("firm details", () => {
  it("the invoice PDF bills the client at its address; the statement cuts a long description with an ellipsis", async () => {
    const actor = await clientActor();
    const invoice = await pdfText(
      (await portalInvoicePdf(t.db, { actor, projectName: projectNameSql, invoiceId: DEMO_INVOICES[0]!.id })).bytes,
    );
    expect(invoice).toContain(DEMO_CLIENTS.acme.company);
    expect(invoice).toContain(DEMO_CLIENTS.acme.address);

    const long = `Model hardening ${"and red-team retesting of every agent tool ".repeat(4)}END-OF-DESCRIPTION`;
    const [before] = await t.db.select({ description: invoices.description }).from(invoices).where(eq(invoices.id, DEMO_INVOICES[0]!.id));
    await t.db.update(invoices).set({ description: long }).where(eq(invoices.id, DEMO_INVOICES[0]!.id));
    try {
      const statement = await pdfText((await portalStatementPdf(t.db, { actor, from: "2026-01-01", to: "2026-10-31" })).bytes);
      expect(statement).toContain(`${DEMO_INVOICES[0]!.invoiceNumber} · Model hardening`);
      expect(statement).not.toContain("END-OF-DESCRIPTION");
      expect(statement).toMatch(/INV-1001 · Model hardening[^\n]*…/);
    } finally {
      await t.db.update(invoices).set({ description: before!.description }).where(eq(invoices.id, DEMO_INVOICES[0]!.id));
    }
  });

  it("a client is refused, and nothing changes", async () => {
    requestHeaders.current = authHeaders(await clientCookie());
    expect(await saveFirmDetailsAction({ name: "Takeover LLC", address: null })).toMatchObject({ success: false, code: "forbidden" });
    expect(await getFirmDetails(t.db)).toEqual(DEMO_FIRM);
  });

  it.each([
    [{ name: "   ", address: "" }, { name: "Enter the firm's name" }],
    [{ name: "x".repeat(121), address: "" }, { name: "Must be at most 120 characters" }],
    [{ name: "Firm\u202Eevil", address: "" }, { name: "Must not contain invisible or text-direction characters" }],
    [{ name: "Firm", address: "a".repeat(501) }, { address: "Must be at most 500 characters" }],
    [{ name: "Firm", address: "Street\u0000" }, { address: "Contains an invalid character" }],
  ])("refuses %j with the form's message", async (input, fieldErrors) => {
    await asAdmin();
    const result = await saveFirmDetailsAction(input);
    expect(result).toMatchObject({ success: false, code: "bad_request", fieldErrors });
    expect(await getFirmDetails(t.db)).toEqual(DEMO_FIRM);
  });

  it("saves a trimmed name and a multi-line address, audited with the old and new values, shown by Settings", async () => {
    await asAdmin();
    const address = "1 Harbour Road\nUnit 4\nBoston, MA 02110";
    const result = await saveFirmDetailsAction({ name: "  Harbour Security Partners ", address: `  ${address}  ` });
    expect(result).toEqual({ success: true, data: { name: "Harbour Security Partners", address } });
    expect((await getAdminSettings(t.db, { actor: await adminActor() })).firm).toEqual({ name: "Harbour Security Partners", address });
    const [audit] = await t.db
      .select({ before: auditLog.before, after: auditLog.after, entityType: auditLog.entityType })
      .from(auditLog)
      .where(eq(auditLog.action, "settings.firm_details"))
      .orderBy(desc(auditLog.createdAt));
    expect(audit).toEqual({ entityType: "settings", before: DEMO_FIRM, after: { name: "Harbour Security Partners", address } });
  });

  it("the invoice PDF and the statement print the saved name and address", async () => {
    await asAdmin();
    expect(await saveFirmDetailsAction({ name: "Northwind Assurance", address: "9 Quay Street\nLeeds LS1 4AP" })).toMatchObject({
      success: true,
    });
    const actor = await clientActor();
    const invoice = await pdfText(
      (await portalInvoicePdf(t.db, { actor, projectName: projectNameSql, invoiceId: DEMO_INVOICES[0]!.id })).bytes,
    );
    const statement = await pdfText((await portalStatementPdf(t.db, { actor, from: "2026-01-01", to: "2026-06-30" })).bytes);
    for (const text of [invoice, statement]) {
      expect(text).toContain("Northwind Assurance");
      expect(text).toContain("9 Quay Street");
      expect(text).toContain("Leeds LS1 4AP");
      expect(text).not.toContain(DEMO_FIRM.name);
    }
    // Without an address: none printed.
    expect(await saveFirmDetailsAction({ name: "Northwind Assurance", address: "" })).toEqual({
      success: true,
      data: { name: "Northwind Assurance", address: null },
    });
    expect(await pdfText((await portalStatementPdf(t.db, { actor, from: "2026-01-01", to: "2026-06-30" })).bytes)).not.toContain("Quay");
  });
});
