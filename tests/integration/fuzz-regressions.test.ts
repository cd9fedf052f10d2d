// Inputs the fuzzer (fuzz-inputs.test.ts) found answered with a server error, each pinned here
// with the answer it gets now: a 400 or { success: false } that names the field, and nothing stored.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createClientAction } from "@/app/admin/(area)/clients/actions";
import { createProjectAction } from "@/app/admin/(area)/projects/actions";
import { POST as updateRates } from "@/app/api/admin/update-client-rates/route";
import { POST as webhook } from "@/app/api/square/webhook/route";
import { saveAccountSettings } from "@/app/client-portal/actions";
import { auditLog, clientRates, clients, invoices, projects, squareWebhookEvents } from "@/server/core/db/schema";
import { saveConnection } from "@/server/modules/square/connection";
import { demoFixture } from "../../tools/fake-square/fixtures";
import { buildSquareEvent, signSquareWebhook } from "../../tools/fake-square/webhook";
import { adminCookie, clientCookie } from "./helpers/admin-session";
import { APP_ORIGIN, authHeaders } from "./helpers/auth";
import { setupTestDatabase } from "./helpers/db";
import { requestHeaders } from "./helpers/next-headers-mock";
import { setupFakeSquare, WEBHOOK_KEY } from "./helpers/square";
import { TENANTS } from "./helpers/tenants";

vi.mock("next/headers", async () => (await import("./helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) => (await import("./helpers/next-headers-mock")).nextServerMock(importOriginal));

const t = setupTestDatabase({ seedDemo: true });
const sq = setupFakeSquare();
let admin = "";
let client = "";
beforeAll(async () => {
  admin = await adminCookie();
  client = await clientCookie();
  sq.fake.reset(demoFixture());
  const token = sq.fake.issueToken();
  await saveConnection(t.db, { ...token, expiresAt: new Date(token.expiresAt) }, { scopes: null, connectedBy: null });
});

const count = async (
  table: typeof clients | typeof auditLog | typeof invoices | typeof squareWebhookEvents | typeof clientRates | typeof projects,
) => (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

describe("a lone UTF-16 surrogate in a text field (jsonb in the audit log cannot hold it)", () => {
  it("is refused when creating a client, which was a 500 from the audit insert", async () => {
    requestHeaders.current = authHeaders(admin);
    const [before, audits] = [await count(clients), await count(auditLog)];
    const result = await createClientAction({
      company: "Surrogate Co",
      contactPerson: "Sam",
      email: "surrogate@example.test",
      phone: "abc\udfff",
      address: "",
    });
    expect(result).toMatchObject({
      success: false,
      error: "Contains an invalid character",
      fieldErrors: { phone: "Contains an invalid character" },
    });
    expect([await count(clients), await count(auditLog)]).toEqual([before, audits]);
  });

  it("is refused in the portal's account settings", async () => {
    requestHeaders.current = authHeaders(client);
    const result = await saveAccountSettings({ ...TENANTS.acme.settings, address: "Main St \ud800" });
    expect(result).toMatchObject({ success: false, fieldErrors: { address: "Contains an invalid character" } });
  });

  it("is still accepted as part of a real pair (an emoji)", async () => {
    requestHeaders.current = authHeaders(client);
    const result = await saveAccountSettings({ ...TENANTS.acme.settings, address: "Main St 😀" });
    expect(result).toMatchObject({ success: true });
    await saveAccountSettings(TENANTS.acme.settings);
  });
});

async function deliver(body: string): Promise<Response> {
  const url = `${APP_ORIGIN}/api/square/webhook`;
  return webhook(
    new Request(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-square-hmacsha256-signature": signSquareWebhook(body, WEBHOOK_KEY, url) },
      body,
    }),
  );
}

const signedInvoiceEvent = (invoice: Record<string, unknown>, eventId?: string) =>
  JSON.stringify(
    buildSquareEvent({
      merchantId: sq.fake.merchantId(),
      type: "invoice.updated",
      objectType: "invoice",
      object: invoice as { id: string },
      eventId,
    }),
  );

describe("a signed Square event with text PostgreSQL cannot store", () => {
  it("refuses a NUL in the event id with a 400, which was a 500 from the duplicate lookup", async () => {
    const before = await count(squareWebhookEvents);
    const response = await deliver(signedInvoiceEvent({ ...sq.fake.invoices()[0]! }, "evt-\u0000-nul"));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error: "The event is missing event_id or type.", code: "bad_request" });
    expect(await count(squareWebhookEvents)).toBe(before);
  });

  it("stores an invoice whose description ends in a lone surrogate and whose dates are impossible, without them", async () => {
    const invoice = { ...sq.fake.invoices()[1]!, version: 99, description: "Retest \ud800", sale_or_service_date: "0000-01-01" };
    const response = await deliver(signedInvoiceEvent(invoice));
    expect(response.status).toBe(200);
    const [row] = await t.db
      .select({ description: invoices.description, serviceDate: invoices.serviceDate })
      .from(invoices)
      .where(sql`${invoices.squareInvoiceId} = ${invoice.id}`);
    expect(row).toEqual({ description: "Retest \ufffd", serviceDate: null });
  });
});

describe('a signed Square event whose invoice has a "__proto__" key', () => {
  it("is a malformed event (400), which was a 500 from inside the SDK's parser, and stores nothing", async () => {
    const invoice = JSON.parse(JSON.stringify(sq.fake.invoices()[0])) as Record<string, unknown>;
    const event = JSON.stringify(
      buildSquareEvent({
        merchantId: sq.fake.merchantId(),
        type: "invoice.updated",
        objectType: "invoice",
        object: invoice as { id: string },
      }),
    );
    // JSON.parse on the server makes "__proto__" an own key again, as it arrives from the wire.
    const body = event.replace('"invoice":{', '"invoice":{"__proto__":{"isAdmin":true},');
    expect(body).toContain('"__proto__"');
    const url = `${APP_ORIGIN}/api/square/webhook`;
    const before = [await count(invoices), await count(squareWebhookEvents)];
    const response = await webhook(
      new Request(url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-square-hmacsha256-signature": signSquareWebhook(body, WEBHOOK_KEY, url) },
        body,
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error: "The event's invoice is malformed.", code: "bad_request" });
    expect([await count(invoices), await count(squareWebhookEvents)]).toEqual(before);
  });
});

describe("the date 0000-01-01 (JavaScript has a year 0, PostgreSQL does not)", () => {
  it("is refused as a rate card's effective date with a 400, which was a 500 from the insert", async () => {
    const before = await t.db.select({ id: clientRates.id }).from(clientRates);
    const body = {
      clientId: TENANTS.acme.clientId,
      rates: [{ serviceType: "AI Security Assessment", hourlyRate: 325, monthlyRetainer: "", effectiveFrom: "0000-01-01" }],
    };
    const response = await updateRates(
      new Request(`${APP_ORIGIN}/api/admin/update-client-rates`, {
        method: "POST",
        headers: authHeaders(admin, { "content-type": "application/json" }),
        body: JSON.stringify(body),
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      success: false,
      error: "Not a real date",
      fieldErrors: { "rates.0.effectiveFrom": "Not a real date" },
    });
    expect(await t.db.select({ id: clientRates.id }).from(clientRates)).toEqual(before);
  });

  it("is refused as a project's start date", async () => {
    requestHeaders.current = authHeaders(admin);
    const before = await count(projects);
    const result = await createProjectAction({ projectName: "Year zero", clientId: TENANTS.acme.clientId, startDate: "0000-01-01" });
    expect(result).toMatchObject({ success: false, error: "Not a real date", fieldErrors: { startDate: "Not a real date" } });
    expect(await count(projects)).toBe(before);
  });

  it("accepts the first and last day of 1900-2100 and refuses a day outside, with the range in the message", async () => {
    requestHeaders.current = authHeaders(admin);
    for (const startDate of ["1900-01-01", "2100-12-31"]) {
      expect(await createProjectAction({ projectName: `Edge ${startDate}`, clientId: TENANTS.acme.clientId, startDate })).toMatchObject({
        success: true,
      });
    }
    for (const startDate of ["0001-01-01", "1899-12-31", "2101-01-01", "9999-12-31"]) {
      expect(await createProjectAction({ projectName: `Edge ${startDate}`, clientId: TENANTS.acme.clientId, startDate })).toMatchObject({
        success: false,
        error: "Enter a date between 1900 and 2100",
        fieldErrors: { startDate: "Enter a date between 1900 and 2100" },
      });
    }
  });
});
