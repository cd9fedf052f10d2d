import { eq, isNotNull, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { GET as syncRoute } from "@/app/api/square/sync-invoices/route";
import { auditLog } from "@/features/audit/server/schema";
import { invoices } from "@/features/invoices/server/schema";
import { paymentProviderConnections, squareCustomers } from "@/features/square/server/schema";
import { clientSubscriptions } from "@/features/subscriptions/server/schema";
import { DEMO_CLIENTS, DEMO_PROJECTS, DEMO_SUBSCRIPTIONS } from "@/features/demo/server/demo-data";
import { syncSquareInvoices } from "@/features/square/server";
import { loadConnection, saveConnection } from "@/features/square/server/connection";
import { SYNC_ALREADY_RUNNING } from "@/features/square/server/sync-lock";
import { demoFixture, generatedFixture } from "../../../../tools/fake-square/fixtures";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { configureSquareEnv, setupFakeSquare } from "@tests/integration/helpers/square";

const t = setupTestDatabase({ seedDemo: true });
const sq = setupFakeSquare();

const DEMO_EMAILS = ["client@example.com", "client2@example.com"];
const admin = () => sessionCookie("admin@example.com");
const sync = (cookie: string) => syncRoute(new Request(`${APP_ORIGIN}/api/square/sync-invoices`, { headers: authHeaders(cookie) }));

/** Connects as the OAuth flow would, with a token the fake issued (valid `ttlDays`). */
async function connect(ttlDays = 30) {
  const token = sq.fake.issueToken(ttlDays * 24 * 60 * 60);
  await saveConnection(t.db, { ...token, expiresAt: new Date(token.expiresAt) }, { scopes: null, connectedBy: null });
  return token;
}

const synced = () => t.db.select().from(invoices).where(isNotNull(invoices.squareInvoiceId)).orderBy(invoices.squareInvoiceId);

/** A fingerprint of every invoice row, every column: equal fingerprints mean nothing changed. */
async function invoicesFingerprint(): Promise<string> {
  const result = (await t.db.execute(
    sql`select coalesce(md5(string_agg(i::text, '|' order by i.id)), '') as h, count(*)::int as n from invoices i`,
  )) as unknown as { rows: { h: string; n: number }[] };
  return `${result.rows[0]!.n}:${result.rows[0]!.h}`;
}

beforeEach(async () => {
  configureSquareEnv(sq.fake);
  sq.fake.clearFaults();
  await t.db.delete(invoices).where(isNotNull(invoices.squareInvoiceId));
  await t.db.delete(squareCustomers);
  await t.db.delete(paymentProviderConnections);
});

describe("invoice sync: 1,000 invoices, 5 pages, 2 locations", () => {
  beforeEach(() => sq.fake.reset(generatedFixture({ perLocation: [600, 400], emails: DEMO_EMAILS })));

  it("imports every invoice, reading every page of every location", async () => {
    await connect();
    const before = sq.fake.requestCounts()["GET /v2/invoices"] ?? 0;
    const response = await sync(await admin());
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, synced: 1000, created: 1000, updated: 0, unmatched: 0, locations: 2, pages: 5 });
    expect(body.message).toBe("Synced 1000 invoices from Square (1000 new, 0 updated).");
    expect((sq.fake.requestCounts()["GET /v2/invoices"] ?? 0) - before).toBe(5);
    const rows = await synced();
    expect(rows).toHaveLength(1000);
    expect(new Set(rows.map((r) => r.squareInvoiceId)).size).toBe(1000);
    expect(new Set(rows.map((r) => r.clientId))).toEqual(new Set([DEMO_CLIENTS.acme.id, DEMO_CLIENTS.globex.id]));
    // Exact money: each amount equals the sum of its payment requests at Square.
    const fake = new Map(sq.fake.invoices().map((i) => [i.id, i]));
    for (const row of rows) {
      const source = fake.get(row.squareInvoiceId!)!;
      expect(row.amountCents).toBe(source.payment_requests.reduce((s, r) => s + r.computed_amount_money.amount, 0));
    }
  });

  it("is idempotent: a second sync writes nothing, and links to projects survive re-syncs", async () => {
    await connect();
    const cookie = await admin();
    await sync(cookie);
    const [first] = await synced();
    await t.db.update(invoices).set({ projectId: DEMO_PROJECTS[0].id }).where(eq(invoices.id, first!.id));
    const fingerprint = await invoicesFingerprint();

    const again = await (await sync(cookie)).json();
    expect(again).toMatchObject({ success: true, synced: 1000, created: 0, updated: 0, unchanged: 1000 });
    expect(await invoicesFingerprint()).toBe(fingerprint);

    // A change at Square updates that row only, and keeps the project link.
    sq.fake.payInvoice(first!.squareInvoiceId!);
    const third = await (await sync(cookie)).json();
    expect(third).toMatchObject({ created: 0, updated: 1 });
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, first!.id));
    expect(row).toMatchObject({
      status: "paid",
      projectId: DEMO_PROJECTS[0].id,
      totalPaidCents: row!.amountCents,
      nextPaymentAmountCents: null,
    });
  });

  it("two syncs at once: one runs, the other is refused as already running; the lock is free afterwards", async () => {
    await connect();
    const [a, b] = await Promise.allSettled([syncSquareInvoices(t.db, null), syncSquareInvoices(t.db, null)]);
    const done = [a, b].filter((r) => r.status === "fulfilled");
    const refused = [a, b].filter((r) => r.status === "rejected");
    expect(done).toHaveLength(1);
    expect(done[0]!.value).toMatchObject({ synced: 1000, created: 1000 });
    expect(refused).toHaveLength(1);
    expect(refused[0]!.reason).toMatchObject({ code: "conflict", message: SYNC_ALREADY_RUNNING });
    expect(await synced()).toHaveLength(1000);
    expect(await syncSquareInvoices(t.db, null)).toMatchObject({ synced: 1000, created: 0 });
  });

  it("a failure half-way (Square answers 500 on the third page) leaves the database as it was", async () => {
    await connect();
    const cookie = await admin();
    await sync(cookie);
    const fingerprint = await invoicesFingerprint();
    const audits = (await t.db.select().from(auditLog).where(eq(auditLog.action, "square.sync"))).length;

    // Changes waiting at Square that a complete sync would write...
    for (const invoice of sq.fake.invoices().slice(0, 50)) sq.fake.payInvoice(invoice.id);
    sq.fake.addFault({ path: "/v2/invoices", status: 500, after: 2 });
    const response = await sync(cookie);
    expect(response.status).toBe(502);
    const body = await response.json();
    expect(body).toMatchObject({ success: false, code: "bad_gateway" });
    expect(body.error).toMatch(/Square is unavailable \(HTTP 500\)/);
    // ...and none of them was written.
    expect(await invoicesFingerprint()).toBe(fingerprint);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, "square.sync"))).toHaveLength(audits);
  });
});

describe("invoice sync: field mapping", () => {
  beforeEach(() => sq.fake.reset(demoFixture()));

  it("maps number, money, status, dates, schedule, next payment, methods; skips drafts; keeps unmatched aside", async () => {
    await connect();
    const body = await (await sync(await admin())).json();
    expect(body).toMatchObject({ success: true, synced: 6, unmatched: 1, drafts: 1, customersLinked: 2 });
    expect(body.message).toContain("1 invoice waits for a client: see Unmatched invoices.");
    const byNumber = new Map((await synced()).map((r) => [r.invoiceNumber, r]));
    expect([...byNumber.keys()].sort()).toEqual(["SQ-3001", "SQ-3002", "SQ-3003", "SQ-3004", "SQ-3005", "SQ-3007"]);
    // The customer no admin-controlled address matches: stored, in no portal.
    expect(byNumber.get("SQ-3007")).toMatchObject({ clientId: null, squareCustomerId: "CUSTFAKEOTHER01" });

    const deposit = byNumber.get("SQ-3001")!;
    const source = sq.fake.invoices().find((i) => i.invoice_number === "SQ-3001")!;
    expect(deposit).toMatchObject({
      clientId: DEMO_CLIENTS.acme.id,
      amountCents: 4_500_000,
      status: "pending",
      totalPaidCents: 1_350_000,
      nextPaymentAmountCents: 3_150_000,
      nextPaymentDueDate: source.payment_requests[1]!.due_date,
      dueDate: source.payment_requests[1]!.due_date,
      paidDate: null,
      description: "Agent red-team engagement (deposit and balance) (synced from Square)",
      squarePaymentUrl: source.public_url,
      serviceDate: source.sale_or_service_date,
      acceptedPaymentMethods: { card: true, bankAccount: true, cashAppPay: true },
    });
    expect(deposit.paymentSchedule).toEqual([
      {
        requestType: "DEPOSIT",
        percentageRequested: "30",
        dueDate: source.payment_requests[0]!.due_date,
        computedAmountCents: 1_350_000,
        totalCompletedAmountCents: 1_350_000,
      },
      {
        requestType: "BALANCE",
        percentageRequested: null,
        dueDate: source.payment_requests[1]!.due_date,
        computedAmountCents: 3_150_000,
        totalCompletedAmountCents: 0,
      },
    ]);
    expect(byNumber.get("SQ-3002")).toMatchObject({
      status: "paid",
      amountCents: 725_050,
      totalPaidCents: 725_050,
      nextPaymentAmountCents: null,
    });
    expect(byNumber.get("SQ-3002")!.paidDate).not.toBeNull();
    expect(byNumber.get("SQ-3003")).toMatchObject({ status: "overdue", nextPaymentAmountCents: 310_000 });
    expect(byNumber.get("SQ-3004")).toMatchObject({ status: "pending", clientId: DEMO_CLIENTS.globex.id });
    expect(byNumber.get("SQ-3005")).toMatchObject({ status: "cancelled", nextPaymentAmountCents: null });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, "square.sync"));
    expect(audit.length).toBeGreaterThan(0);
  });

  it("keeps the demo subscriptions in step with Square (same values: nothing changes; a pause is applied)", async () => {
    await connect();
    const cookie = await admin();
    expect((await (await sync(cookie)).json()).subscriptionsUpdated).toBe(0);
    const fixture = demoFixture();
    fixture.subscriptions[0]!.status = "PAUSED";
    sq.fake.reset(fixture);
    expect((await (await sync(cookie)).json()).subscriptionsUpdated).toBe(1);
    const [row] = await t.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, DEMO_SUBSCRIPTIONS[0].id));
    expect(row!.status).toBe("paused");
    await t.db.update(clientSubscriptions).set({ status: "active" }).where(eq(clientSubscriptions.id, DEMO_SUBSCRIPTIONS[0].id));
  });

  it("refreshes a token with fewer than 7 days left before syncing", async () => {
    const old = await connect(2);
    const body = await (await sync(await admin())).json();
    expect(body.success).toBe(true);
    const connection = await loadConnection(t.db);
    expect(connection!.accessToken).not.toBe(old.accessToken);
    expect(connection!.expiresAt.getTime() - Date.now()).toBeGreaterThan(25 * 24 * 60 * 60 * 1000);
  });

  it("says what to do when Square refuses the token, or when nothing is connected", async () => {
    const cookie = await admin();
    const none = await sync(cookie);
    expect(none.status).toBe(409);
    expect(await none.json()).toEqual({
      success: false,
      error: "Square is not connected. Connect your Square account first.",
      code: "conflict",
    });

    await connect();
    sq.fake.addFault({ path: "/v2/locations", status: 401, times: 1 });
    const refused = await sync(cookie);
    expect(refused.status).toBe(502);
    expect(await refused.json()).toEqual({
      success: false,
      error: "Square rejected the stored access token. Reconnect Square.",
      code: "bad_gateway",
    });
  });

  it("gives up on a Square that is too slow, with a message and nothing written", async () => {
    await connect();
    process.env.SQUARE_TIMEOUT_SECONDS = "1";
    sq.fake.addFault({ path: "/v2/invoices", delayMs: 2500, times: 1 });
    const response = await sync(await admin());
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      success: false,
      error: "Square did not answer in time while listing invoices.",
      code: "bad_gateway",
    });
    expect(await synced()).toHaveLength(0);
  });

  it("answers 503 with how to configure when Square is not configured", async () => {
    delete process.env.SQUARE_APPLICATION_SECRET;
    const response = await sync(await admin());
    expect(response.status).toBe(503);
    expect((await response.json()).error).toMatch(/not configured.*SQUARE_APPLICATION_ID/);
  });
});
