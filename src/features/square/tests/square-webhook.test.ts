import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST } from "@/app/api/square/webhook/route";
import { invoices } from "@/features/invoices/server/schema";
import { squareWebhookEvents } from "@/features/square/server/schema";
import { clientSubscriptions } from "@/features/subscriptions/server/schema";
import { DEMO_CLIENTS, DEMO_SUBSCRIPTIONS } from "@/features/demo/server/demo-data";
import { syncSquareInvoices } from "@/features/square/server";
import { saveConnection } from "@/features/square/server/connection";
import { buildInvoice, demoFixture, type RawInvoice } from "../../../../tools/fake-square/fixtures";
import { buildSquareEvent, signSquareWebhook } from "../../../../tools/fake-square/webhook";
import { APP_ORIGIN } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { configureSquareEnv, setupFakeSquare, WEBHOOK_KEY } from "@tests/integration/helpers/square";
import { listenToEveryEvent, queuedEvents } from "@tests/integration/helpers/webhook-events";

const t = setupTestDatabase({ seedDemo: true });
const sq = setupFakeSquare();
const NOTIFICATION_URL = `${APP_ORIGIN}/api/square/webhook`;

function deliver(body: string, signature = signSquareWebhook(body, WEBHOOK_KEY, NOTIFICATION_URL)): Promise<Response> {
  return POST(
    new Request(NOTIFICATION_URL, {
      method: "POST",
      headers: { "content-type": "application/json", "x-square-hmacsha256-signature": signature },
      body,
    }),
  );
}

const invoiceEvent = (invoice: RawInvoice, type = "invoice.updated", eventId?: string) =>
  JSON.stringify(buildSquareEvent({ merchantId: sq.fake.merchantId(), type, objectType: "invoice", object: invoice, eventId }));

const row = async (squareInvoiceId: string) => (await t.db.select().from(invoices).where(eq(invoices.squareInvoiceId, squareInvoiceId)))[0];
const overdueId = "inv:0-fake-003003";

beforeAll(async () => {
  sq.fake.reset(demoFixture());
  const token = sq.fake.issueToken();
  await saveConnection(t.db, { ...token, expiresAt: new Date(token.expiresAt) }, { scopes: null, connectedBy: null });
  await syncSquareInvoices(t.db, null);
  for (const client of Object.values(DEMO_CLIENTS)) await listenToEveryEvent(t.db, client.id);
});

/** The webhook events of the company's endpoints about one invoice. */
const eventsOf = async (type: "invoice.created" | "invoice.paid", invoice: { id: string; clientId: string | null }) =>
  (await queuedEvents(t.db, invoice.clientId!, type)).filter((e) => e.data.invoiceId === invoice.id);

beforeEach(() => configureSquareEnv(sq.fake));

describe("Square webhooks", () => {
  it("apply an invoice event with a good signature: the invoice changes without a sync", async () => {
    expect((await row(overdueId))!.status).toBe("overdue");
    const paid = sq.fake.payInvoice(overdueId);
    const response = await deliver(invoiceEvent(paid, "invoice.payment_made"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, received: true, applied: true });
    expect(await row(overdueId)).toMatchObject({ status: "paid", totalPaidCents: 310_000, nextPaymentAmountCents: null });
    // The company's endpoints hear of it, by id; the chat line names the number and the amount paid.
    const paidRow = (await row(overdueId))!;
    expect(await eventsOf("invoice.paid", paidRow)).toEqual([
      {
        data: { invoiceId: paidRow.id },
        chatText: `Invoice paid: ${paidRow.invoiceNumber}, $3,100.00`,
        portalPath: `/client-portal?section=billing&invoice=${paidRow.id}`,
      },
    ]);
  });

  it("refuse a bad signature with 401 and change nothing", async () => {
    const invoice = { ...sq.fake.invoices().find((i) => i.id === "inv:0-fake-003004")!, status: "CANCELED" };
    const body = invoiceEvent(invoice);
    const wrongKey = signSquareWebhook(body, "another-key", NOTIFICATION_URL);
    const wrongUrl = signSquareWebhook(body, WEBHOOK_KEY, "https://proxy.example/api/square/webhook");
    const tampered = signSquareWebhook(body.replace("CANCELED", "PAID"), WEBHOOK_KEY, NOTIFICATION_URL);
    for (const signature of [wrongKey, wrongUrl, tampered, "", "not base64 at all!"]) {
      const response = await deliver(body, signature);
      expect(response.status).toBe(401);
    }
    expect((await deliver(body, undefined as unknown as string)).status).toBe(200);
    // The good one above applied it; check that a bad one alone does not.
    const untouched = { ...sq.fake.invoices().find((i) => i.id === "inv:0-fake-003001")!, status: "CANCELED" };
    const before = await row(untouched.id);
    expect((await deliver(invoiceEvent(untouched), wrongKey)).status).toBe(401);
    expect(await row(untouched.id)).toEqual(before);
  });

  it("ignore a replayed event id, even with different content", async () => {
    const invoice = sq.fake.invoices().find((i) => i.id === "inv:0-fake-003002")!;
    const first = invoiceEvent({ ...invoice, description: "First delivery" }, "invoice.updated", "evt-replay-1");
    expect(await (await deliver(first)).json()).toEqual({ success: true, received: true, applied: true });
    const replay = invoiceEvent({ ...invoice, description: "Replayed with other content" }, "invoice.updated", "evt-replay-1");
    expect(await (await deliver(replay)).json()).toEqual({ success: true, received: true, applied: false, duplicate: true });
    expect((await row(invoice.id))!.description).toBe("First delivery");
    expect(await t.db.select().from(squareWebhookEvents).where(eq(squareWebhookEvents.eventId, "evt-replay-1"))).toHaveLength(1);
  });

  it("create an invoice Square just published, matched to the client by the customer's email", async () => {
    const acme = demoFixture().customers[0]!;
    const fresh = buildInvoice(
      {
        n: 4242,
        number: "SQ-4242",
        location: "LFAKEMAIN0001",
        customer: acme,
        status: "UNPAID",
        title: "New via webhook",
        createdDaysAgo: 0,
        requests: [
          {
            request_type: "BALANCE",
            due_date: "2099-01-01",
            computed_amount_money: { amount: 123_456, currency: "USD" },
            total_completed_amount_money: { amount: 0, currency: "USD" },
          },
        ],
      },
      new Date(),
    );
    // The recipient snapshot has no email: the client comes from the customer looked up at Square.
    delete fresh.primary_recipient.email_address;
    expect(await (await deliver(invoiceEvent(fresh, "invoice.published"))).json()).toEqual({
      success: true,
      received: true,
      applied: true,
    });
    expect(await row(fresh.id)).toMatchObject({
      clientId: DEMO_CLIENTS.acme.id,
      amountCents: 123_456,
      status: "pending",
      invoiceNumber: "SQ-4242",
    });
    const created = (await row(fresh.id))!;
    expect(await eventsOf("invoice.created", created)).toEqual([
      {
        data: { invoiceId: created.id },
        chatText: "New invoice: SQ-4242, $1,234.56",
        portalPath: `/client-portal?section=billing&invoice=${created.id}`,
      },
    ]);
    // Announced once, whatever Square sends again.
    expect((await deliver(invoiceEvent(fresh, "invoice.updated"))).status).toBe(200);
    expect(await eventsOf("invoice.created", created)).toHaveLength(1);
  });

  it("apply subscription events to the matching client subscription only", async () => {
    const subscription = { ...demoFixture().subscriptions[0]!, status: "PAUSED", charged_through_date: "2027-01-01" };
    const body = JSON.stringify(
      buildSquareEvent({
        merchantId: sq.fake.merchantId(),
        type: "subscription.updated",
        objectType: "subscription",
        object: subscription,
      }),
    );
    expect(await (await deliver(body)).json()).toEqual({ success: true, received: true, applied: true });
    const [updated] = await t.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, DEMO_SUBSCRIPTIONS[0].id));
    expect(updated).toMatchObject({ status: "paused", currentPeriodEnd: new Date("2027-01-01T00:00:00Z") });

    const unknown = JSON.stringify(
      buildSquareEvent({
        merchantId: sq.fake.merchantId(),
        type: "subscription.updated",
        objectType: "subscription",
        object: { ...subscription, id: "sub-nobody-has" },
      }),
    );
    expect(await (await deliver(unknown)).json()).toMatchObject({ applied: false, ignored: "no matching subscription" });
  });

  it("ignore another merchant's events and drafts; refuse malformed bodies with 400", async () => {
    const invoice = sq.fake.invoices().find((i) => i.id === "inv:0-fake-003004")!;
    const other = JSON.stringify(
      buildSquareEvent({
        merchantId: "SOMEONE-ELSE",
        type: "invoice.updated",
        objectType: "invoice",
        object: { ...invoice, status: "PAID" },
      }),
    );
    expect(await (await deliver(other)).json()).toMatchObject({ applied: false, ignored: "another merchant" });
    expect(await (await deliver(invoiceEvent({ ...invoice, id: "inv:0-draft", status: "DRAFT" }))).json()).toMatchObject({
      applied: false,
      ignored: "draft invoice",
    });
    expect((await deliver("{not json")).status).toBe(400);
    expect((await deliver(JSON.stringify({ type: "invoice.updated" }))).status).toBe(400);
    const badMoney = invoiceEvent({
      ...invoice,
      payment_requests: [
        { ...invoice.payment_requests[0]!, computed_amount_money: { amount: "lots" as unknown as number, currency: "USD" } },
      ],
    });
    expect((await deliver(badMoney)).status).toBe(400);
  });

  it("answer 503 when no signature key is configured, changing nothing", async () => {
    delete process.env.SQUARE_WEBHOOK_SIGNATURE_KEY;
    const invoice = sq.fake.invoices().find((i) => i.id === "inv:0-fake-003001")!;
    const before = await row(invoice.id);
    const response = await deliver(invoiceEvent({ ...invoice, status: "CANCELED" }));
    expect(response.status).toBe(503);
    expect(await row(invoice.id)).toEqual(before);
  });
});
