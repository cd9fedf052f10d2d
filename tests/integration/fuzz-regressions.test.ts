// Inputs the fuzzer (fuzz-inputs.test.ts) found answered with a server error, each pinned here
// with the answer it gets now: a 400 or { success: false } that names the field, and nothing stored.
import { sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createClientAction } from "@/features/clients/actions/admin";
import { updateClientRatesAction } from "@/features/clients/actions/admin-rates";
import { createProjectAction } from "@/features/projects/actions/admin";
import { POST as importSarif } from "@/app/api/admin/findings/import/route";
import { POST as webhook } from "@/app/api/square/webhook/route";
import { saveAccountSettings } from "@/features/clients/actions/portal";
import { auditLog } from "@/features/audit/server/schema";
import { clients } from "@/features/clients/server/schema";
import { findings } from "@/features/findings/server/schema/records";
import { invoices } from "@/features/invoices/server/schema";
import { projects } from "@/features/projects/server/schema";
import { clientRates } from "@/features/rates/server/schema";
import { squareWebhookEvents } from "@/features/square/server/schema";
import { clientSubscriptions } from "@/features/subscriptions/server/schema";
import { proxy } from "@/proxy";
import { saveConnection } from "@/features/square/server/connection";
import { demoFixture } from "../../tools/fake-square/fixtures";
import { buildSquareEvent, signSquareWebhook } from "../../tools/fake-square/webhook";
import { adminCookie, clientCookie } from "./helpers/admin-session";
import { APP_ORIGIN, authHeaders } from "./helpers/auth";
import { setupTestDatabase } from "./helpers/db";
import { discoverPages, discoverRoutes } from "./helpers/entry-points";
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
  table:
    | typeof clients
    | typeof auditLog
    | typeof invoices
    | typeof squareWebhookEvents
    | typeof clientRates
    | typeof projects
    | typeof findings
    | typeof clientSubscriptions,
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
  it("is refused as a rate card's effective date, which was a 500 from the insert", async () => {
    const before = await t.db.select({ id: clientRates.id }).from(clientRates);
    const body = {
      clientId: TENANTS.acme.clientId,
      rates: [{ serviceType: "AI Security Assessment", hourlyRate: 325, monthlyRetainer: "", effectiveFrom: "0000-01-01" }],
    };
    requestHeaders.current = authHeaders(admin);
    expect(await updateClientRatesAction(body)).toMatchObject({
      success: false,
      code: "bad_request",
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

// Names of Object.prototype's members: a level looked up in a plain object found them (a function,
// or the prototype itself) and failed later with a 500.
const PROTOTYPE_NAMES = ["__proto__", "toString", "constructor", "hasOwnProperty", "valueOf"];

async function importSarifLog(log: unknown): Promise<Response> {
  const form = new FormData();
  form.set("projectId", TENANTS.acme.projectId);
  form.set("format", "sarif");
  form.set("file", new File([JSON.stringify(log)], "fuzz.sarif", { type: "application/json" }));
  return importSarif(new Request(`${APP_ORIGIN}/api/admin/findings/import`, { method: "POST", headers: authHeaders(admin), body: form }));
}

const sarifWith = (result: Record<string, unknown>, rule: Record<string, unknown> = {}) => ({
  version: "2.1.0",
  runs: [
    { tool: { driver: { name: "fuzz", rules: [{ id: "R1", ...rule }] } }, results: [{ ruleId: "R1", message: { text: "m" }, ...result }] },
  ],
});

describe("a SARIF level named after an Object.prototype member", () => {
  it.each(PROTOTYPE_NAMES)("is refused with a 400 as a result's level: %s", async (level) => {
    const before = await count(findings);
    const response = await importSarifLog(sarifWith({ level }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      error: "Not a valid SARIF 2.1.0 file: result 1 of run 1 has an unknown level.",
      code: "bad_request",
    });
    expect(await count(findings)).toBe(before);
  });

  it.each(PROTOTYPE_NAMES)("is refused with a 400 as a rule's defaultConfiguration.level: %s", async (level) => {
    const before = await count(findings);
    const response = await importSarifLog(sarifWith({}, { defaultConfiguration: { level } }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      error: "Not a valid SARIF 2.1.0 file: the rule of result 1 of run 1 has an unknown default level.",
      code: "bad_request",
    });
    expect(await count(findings)).toBe(before);
  });
});

describe("a signed Square subscription event with values PostgreSQL cannot take", () => {
  const subscriptionEvent = (subscription: Record<string, unknown>) =>
    JSON.stringify(
      buildSquareEvent({
        merchantId: sq.fake.merchantId(),
        type: "subscription.updated",
        objectType: "subscription",
        object: { ...demoFixture().subscriptions[0]!, ...subscription } as { id: string },
      }),
    );

  it.each([
    [{ id: "sub-\u0000-nul" }, "The event's subscription has an invalid id: it must be text without NUL or lone surrogates."],
    [{ id: "sub-\ud800" }, "The event's subscription has an invalid id: it must be text without NUL or lone surrogates."],
    [{ customer_id: "cus\u0000" }, "The event's subscription has an invalid customer_id: it must be text without NUL or lone surrogates."],
    [
      { plan_variation_id: "var\u0000" },
      "The event's subscription has an invalid plan_variation_id: it must be text without NUL or lone surrogates.",
    ],
    [{ charged_through_date: "2026-99-99" }, "The event's subscription has a charged_through_date that is not a real date."],
    [{ charged_through_date: "2026-02-30" }, "The event's subscription has a charged_through_date that is not a real date."],
    [{ charged_through_date: "0000-01-01" }, "The event's subscription has a charged_through_date that is not a real date."],
  ])("refuses %j with a 400 naming it, and stores nothing", async (change, error) => {
    const before = [await count(clientSubscriptions), await count(squareWebhookEvents)];
    const response = await deliver(subscriptionEvent(change));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error, code: "bad_request" });
    expect([await count(clientSubscriptions), await count(squareWebhookEvents)]).toEqual(before);
  });
});

// Percent-encoding that does not decode, in every dynamic segment of every route and page found on
// disk: Next's own decoding of a dynamic segment answered these with a 500.
const MALFORMED_SEGMENTS = ["%E0%A4%A", "%", "%zz", "%C0%80", "%ED%A0%80", "abc%E2%82"];

describe("malformed percent-encoding in a dynamic path segment", () => {
  it("is a 400 with a reason for every dynamic route and page, whatever the method", async () => {
    const entries = [...(await discoverRoutes()), ...discoverPages()].filter((entry) => entry.key.includes("["));
    expect(entries.length).toBeGreaterThan(10);
    for (const entry of entries) {
      const [method, template] = entry.key.split(" ") as [string, string];
      for (const segment of MALFORMED_SEGMENTS) {
        const path = template.replace(/\[[^\]]+\]/g, segment);
        const response = await proxy(new NextRequest(new URL(path, APP_ORIGIN), { method: method === "PAGE" ? "GET" : method }));
        expect(response.status, `${entry.key} ${path}`).toBe(400);
        const body = await response.text();
        expect(body, path).toContain("The address is malformed: its percent-encoding does not decode.");
        if (path.startsWith("/api/")) expect(JSON.parse(body)).toMatchObject({ success: false, code: "bad_request" });
      }
    }
  });

  it("leaves a well-formed encoded segment to the route", async () => {
    const response = await proxy(new NextRequest(new URL("/api/client/documents/%E2%82%AC%20x", APP_ORIGIN)));
    expect(response.status).toBe(200);
    expect(response.headers.get("x-middleware-next")).toBe("1");
  });
});
