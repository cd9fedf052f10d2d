// Invoice ownership: only admins decide which client a Square customer's invoices belong to. A
// client cannot steer it (its contact e-mail decides nothing), an invoice never changes client
// through a sync or a webhook, and Square's updates apply in version order.
import { and, eq, isNotNull } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  linkSquareCustomerAction,
  setClientBillingEmailAction,
  setSquareCustomerIgnoredAction,
  unlinkSquareCustomerAction,
} from "@/features/square/actions/admin";
import { POST as webhookRoute } from "@/app/api/square/webhook/route";
import { saveAccountSettings } from "@/features/clients/actions/portal";
import { auditLog } from "@/features/audit/server/schema";
import { clients } from "@/features/clients/server/schema";
import { invoices } from "@/features/invoices/server/schema";
import { paymentProviderConnections, squareCustomers } from "@/features/square/server/schema";
import { clientSubscriptions } from "@/features/subscriptions/server/schema";
import { DEMO_CLIENTS, DEMO_SUBSCRIPTIONS } from "@/features/demo/server/demo-data";
import { getDashboardStats } from "@/features/dashboard/server";
import { listPortalInvoices } from "@/features/invoices/server";
import { listUnmatchedCustomers, syncSquareInvoices } from "@/features/square/server";
import { saveConnection } from "@/features/square/server/connection";
import {
  buildInvoice,
  type Fixture,
  FAKE_LOCATIONS,
  FAKE_MERCHANT_ID,
  type RawCustomer,
  type RawInvoice,
} from "../../../../tools/fake-square/fixtures";
import { buildSquareEvent, signSquareWebhook } from "../../../../tools/fake-square/webhook";
import { adminActor, adminCookie, clientActor, clientCookie } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";
import { configureSquareEnv, setupFakeSquare, WEBHOOK_KEY } from "@tests/integration/helpers/square";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);

const t = setupTestDatabase({ seedDemo: true });
const sq = setupFakeSquare();
const NOTIFICATION_URL = `${APP_ORIGIN}/api/square/webhook`;
const ACME = DEMO_CLIENTS.acme.id;
const GLOBEX = DEMO_CLIENTS.globex.id;

function customer(id: string, email: string, company: string): RawCustomer {
  return {
    id,
    email_address: email,
    given_name: "Pat",
    family_name: company,
    company_name: company,
    created_at: "2026-01-01T00:00:00Z",
    updated_at: "2026-01-01T00:00:00Z",
  };
}

// Acme's accounts-payable address at Square is not Acme's sign-in address: no automatic match.
const acmeAp = customer("CUSTACMEAP0001", "ap@acme.example", "Acme Robotics");
const acmeLogin = customer("CUSTACMELOGIN1", "client@example.com", "Acme Robotics");
const now = new Date();
const dueIn = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

function invoiceOf(n: number, who: RawCustomer, amount = 100_000): RawInvoice {
  return buildInvoice(
    {
      n,
      number: `OWN-${n}`,
      location: FAKE_LOCATIONS[0],
      customer: who,
      status: "UNPAID",
      title: `Ownership test ${n}`,
      createdDaysAgo: 3,
      requests: [
        {
          request_type: "BALANCE",
          due_date: dueIn(20),
          computed_amount_money: { amount, currency: "USD" },
          total_completed_amount_money: { amount: 0, currency: "USD" },
        },
      ],
    },
    now,
  );
}

function fixture(invoiceList: RawInvoice[], customers: RawCustomer[]): Fixture {
  return {
    merchantId: FAKE_MERCHANT_ID,
    locations: FAKE_LOCATIONS.map((id) => ({
      id,
      name: id,
      merchant_id: FAKE_MERCHANT_ID,
      status: "ACTIVE" as const,
      currency: "USD" as const,
      timezone: "UTC",
      country: "US" as const,
    })),
    customers,
    invoices: invoiceList,
    orders: [],
    subscriptions: [],
  };
}

function deliver(event: object): Promise<Response> {
  const body = JSON.stringify(event);
  return webhookRoute(
    new Request(NOTIFICATION_URL, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-square-hmacsha256-signature": signSquareWebhook(body, WEBHOOK_KEY, NOTIFICATION_URL),
      },
      body,
    }),
  );
}

const invoiceEvent = (invoice: RawInvoice, eventId?: string) =>
  buildSquareEvent({ merchantId: FAKE_MERCHANT_ID, type: "invoice.updated", objectType: "invoice", object: invoice, eventId });

const squareRows = () =>
  t.db
    .select({ number: invoices.invoiceNumber, clientId: invoices.clientId, status: invoices.status, version: invoices.squareVersion })
    .from(invoices)
    .where(isNotNull(invoices.squareInvoiceId));
const clientOf = async (number: string) => (await squareRows()).find((r) => r.number === number)?.clientId;

async function portalInvoiceNumbers(email: string): Promise<string[]> {
  const actor = await clientActor(email);
  return (await listPortalInvoices(t.db, { actor, limit: 500 })).map((i) => i.invoiceNumber);
}

async function asClient(email: string) {
  requestHeaders.current = authHeaders(await clientCookie(email));
}
async function asAdmin() {
  requestHeaders.current = authHeaders(await adminCookie());
}

beforeEach(async () => {
  configureSquareEnv(sq.fake);
  await t.db.delete(invoices).where(isNotNull(invoices.squareInvoiceId));
  await t.db.delete(squareCustomers);
  await t.db.delete(paymentProviderConnections);
  await t.db.update(clients).set({ billingEmail: null });
  const token = sq.fake.issueToken();
  await saveConnection(t.db, { ...token, expiresAt: new Date(token.expiresAt) }, { scopes: null, connectedBy: null });
  await asClient("client2@example.com");
  await saveAccountSettings({
    contactPerson: "Sam Rivera",
    contactEmail: "client2@example.com",
    company: "Globex Systems",
    phone: "",
    address: "",
  });
});

describe("a client cannot steer invoice ownership", () => {
  it("Globex copying Acme's Square e-mail into its contact e-mail gets none of Acme's invoices, by sync or webhook", async () => {
    sq.fake.reset(fixture([invoiceOf(1, acmeAp), invoiceOf(2, acmeLogin)], [acmeAp, acmeLogin]));
    // The admin tells the product that ap@acme.example bills Acme (admin-only billing e-mail).
    await asAdmin();
    expect((await setClientBillingEmailAction({ clientId: ACME, billingEmail: "AP@acme.example" })).success).toBe(true);
    await syncSquareInvoices(t.db, null);
    expect(await clientOf("OWN-1")).toBe(ACME);
    expect(await clientOf("OWN-2")).toBe(ACME);

    // The attack: Globex saves Acme's billing and sign-in addresses as its own contact e-mail.
    for (const stolen of ["ap@acme.example", "client@example.com"]) {
      await asClient("client2@example.com");
      const saved = await saveAccountSettings({
        contactPerson: "Sam Rivera",
        contactEmail: stolen,
        company: "Globex Systems",
        phone: "",
        address: "",
      });
      expect(saved.success).toBe(true);
      await syncSquareInvoices(t.db, null);
      // A new invoice of each Acme customer arrives by webhook too.
      const fresh = invoiceOf(stolen.startsWith("ap") ? 3 : 4, stolen.startsWith("ap") ? acmeAp : acmeLogin);
      expect((await deliver(invoiceEvent(fresh))).status).toBe(200);
    }
    const rows = await squareRows();
    expect(rows.map((r) => [r.number, r.clientId]).sort()).toEqual([
      ["OWN-1", ACME],
      ["OWN-2", ACME],
      ["OWN-3", ACME],
      ["OWN-4", ACME],
    ]);
    expect((await portalInvoiceNumbers("client2@example.com")).filter((n) => n.startsWith("OWN-"))).toEqual([]);
    expect((await portalInvoiceNumbers("client@example.com")).filter((n) => n.startsWith("OWN-")).sort()).toEqual([
      "OWN-1",
      "OWN-2",
      "OWN-3",
      "OWN-4",
    ]);
  });

  it("a customer no admin-controlled address matches stays unassigned, even when a client claims its e-mail", async () => {
    sq.fake.reset(fixture([invoiceOf(5, acmeAp)], [acmeAp]));
    await asClient("client2@example.com");
    await saveAccountSettings({
      contactPerson: "Sam Rivera",
      contactEmail: "ap@acme.example",
      company: "Globex Systems",
      phone: "",
      address: "",
    });
    const result = await syncSquareInvoices(t.db, null);
    expect(result).toMatchObject({ unmatched: 1, customersLinked: 0 });
    expect(await clientOf("OWN-5")).toBeNull();
    expect((await portalInvoiceNumbers("client2@example.com")).filter((n) => n.startsWith("OWN-"))).toEqual([]);
    expect((await portalInvoiceNumbers("client@example.com")).filter((n) => n.startsWith("OWN-"))).toEqual([]);
  });

  it("an invoice that has a client keeps it, whatever the customer's link says later", async () => {
    sq.fake.reset(fixture([invoiceOf(6, acmeLogin)], [acmeLogin]));
    await syncSquareInvoices(t.db, null);
    expect(await clientOf("OWN-6")).toBe(ACME);
    // Even an admin re-linking the customer to Globex does not move what Acme already has.
    await asAdmin();
    expect((await unlinkSquareCustomerAction({ squareCustomerId: acmeLogin.id })).success).toBe(true);
    expect((await linkSquareCustomerAction({ squareCustomerId: acmeLogin.id, clientId: GLOBEX })).success).toBe(true);
    await syncSquareInvoices(t.db, null);
    expect((await deliver(invoiceEvent({ ...sq.fake.invoices()[0]!, version: 9, status: "PAID" }))).status).toBe(200);
    expect(await clientOf("OWN-6")).toBe(ACME);
    // The sync flags what it saw: invoices of this customer belong to another client.
    const [row] = await t.db
      .select({ conflict: squareCustomers.conflict })
      .from(squareCustomers)
      .where(eq(squareCustomers.squareCustomerId, acmeLogin.id));
    expect(row!.conflict).toMatch(/belong to another client/);
  });
});

describe("unmatched invoices and admin links", () => {
  it("an admin assigns an unmatched customer; its next invoice follows with no further action", async () => {
    const admin = await adminActor();
    // The dashboard's Square card counts the invoices waiting for a client.
    const waiting = async () => (await getDashboardStats(t.db, { actor: admin })).unmatchedInvoices;
    const waitingBefore = await waiting();
    sq.fake.reset(fixture([invoiceOf(7, acmeAp)], [acmeAp]));
    await syncSquareInvoices(t.db, null);
    expect(await waiting()).toBe(waitingBefore + 1);
    const unmatched = await listUnmatchedCustomers(t.db, { actor: admin });
    expect(unmatched).toEqual([
      expect.objectContaining({
        squareCustomerId: acmeAp.id,
        email: "ap@acme.example",
        name: "Acme Robotics",
        invoiceCount: 1,
        totalCents: 100_000,
        invoiceNumbers: ["OWN-7"],
      }),
    ]);

    const audited = () =>
      t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "square.customer_linked"), eq(auditLog.entityId, acmeAp.id)));
    const auditedBefore = new Set((await audited()).map((a) => a.id));
    await asAdmin();
    const linked = await linkSquareCustomerAction({ squareCustomerId: acmeAp.id, clientId: ACME });
    expect(linked).toEqual({ success: true, data: { company: "Acme Robotics", assigned: 1 } });
    expect(await clientOf("OWN-7")).toBe(ACME);
    expect(await listUnmatchedCustomers(t.db, { actor: admin })).toEqual([]);
    expect(await waiting()).toBe(waitingBefore);

    expect((await deliver(invoiceEvent(invoiceOf(8, acmeAp)))).status).toBe(200);
    expect(await clientOf("OWN-8")).toBe(ACME);
    const audit = (await audited()).filter((a) => !auditedBefore.has(a.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(admin.userId);
  });

  it("a customer linked to one client cannot be linked to another without unlinking first", async () => {
    sq.fake.reset(fixture([invoiceOf(9, acmeAp)], [acmeAp]));
    await syncSquareInvoices(t.db, null);
    await asAdmin();
    expect((await linkSquareCustomerAction({ squareCustomerId: acmeAp.id, clientId: ACME })).success).toBe(true);
    expect(await linkSquareCustomerAction({ squareCustomerId: acmeAp.id, clientId: GLOBEX })).toMatchObject({
      success: false,
      error: "This Square customer is linked to Acme Robotics. Unlink it there first.",
    });
    expect(await setSquareCustomerIgnoredAction({ squareCustomerId: acmeAp.id, ignored: true })).toMatchObject({ success: false });
  });

  it("an ignored customer leaves the unmatched list and its invoices stay out of every portal", async () => {
    sq.fake.reset(fixture([invoiceOf(10, acmeAp)], [acmeAp]));
    await syncSquareInvoices(t.db, null);
    const waiting = async () => (await getDashboardStats(t.db, { actor: await adminActor() })).unmatchedInvoices;
    const waitingBefore = await waiting();
    await asAdmin();
    expect((await setSquareCustomerIgnoredAction({ squareCustomerId: acmeAp.id, ignored: true })).success).toBe(true);
    // An ignored customer's invoices wait for nobody: the dashboard stops counting them.
    expect(await waiting()).toBe(waitingBefore - 1);
    await asAdmin();
    await setClientBillingEmailAction({ clientId: ACME, billingEmail: "ap@acme.example" });
    await syncSquareInvoices(t.db, null);
    expect(await clientOf("OWN-10")).toBeNull();
    expect(await listUnmatchedCustomers(t.db, { actor: await adminActor() })).toEqual([]);
  });

  it("clients cannot change links or billing e-mails", async () => {
    await asClient("client2@example.com");
    const refused = { success: false, error: "Access denied. Admins only.", code: "forbidden" };
    expect(await linkSquareCustomerAction({ squareCustomerId: acmeAp.id, clientId: GLOBEX })).toEqual(refused);
    expect(await setClientBillingEmailAction({ clientId: GLOBEX, billingEmail: "ap@acme.example" })).toEqual(refused);
    expect(await unlinkSquareCustomerAction({ squareCustomerId: acmeAp.id })).toEqual(refused);
  });

  it("back-fills links from invoices that already had a client before customer links existed", async () => {
    const legacy = invoiceOf(11, acmeAp);
    sq.fake.reset(fixture([legacy], [acmeAp]));
    // As stored by the earlier e-mail matching: a client, no customer id, no version.
    await t.db.insert(invoices).values({ squareInvoiceId: legacy.id, invoiceNumber: "OWN-11", amountCents: 100_000, clientId: ACME });
    const result = await syncSquareInvoices(t.db, null);
    expect(result).toMatchObject({ customersLinked: 1, unmatched: 0 });
    const [link] = await t.db
      .select({ clientId: squareCustomers.clientId, source: squareCustomers.linkSource })
      .from(squareCustomers)
      .where(eq(squareCustomers.squareCustomerId, acmeAp.id));
    expect(link).toEqual({ clientId: ACME, source: "backfill" });
    sq.fake.reset(fixture([legacy, invoiceOf(12, acmeAp)], [acmeAp]));
    await syncSquareInvoices(t.db, null);
    expect(await clientOf("OWN-12")).toBe(ACME);
  });

  it("names a customer from its Square record when its invoices carry no name, by sync and by webhook", async () => {
    const nameless = (invoice: RawInvoice): RawInvoice => ({
      ...invoice,
      primary_recipient: { customer_id: invoice.primary_recipient.customer_id, email_address: invoice.primary_recipient.email_address },
    });
    const bySync = customer("CUSTNONAMESYNC", "ap@initech.example", "Initech");
    const byWebhook = customer("CUSTNONAMEHOOK", "ap@umbrella.example", "Umbrella Labs");
    sq.fake.reset(fixture([nameless(invoiceOf(20, bySync))], [bySync, byWebhook]));
    await syncSquareInvoices(t.db, null);
    expect((await deliver(invoiceEvent(nameless(invoiceOf(21, byWebhook))))).status).toBe(200);
    const admin = await adminActor();
    const names = new Map((await listUnmatchedCustomers(t.db, { actor: admin })).map((c) => [c.squareCustomerId, c.name]));
    expect(names.get(bySync.id)).toBe("Initech");
    expect(names.get(byWebhook.id)).toBe("Umbrella Labs");
  });
});

describe("Square updates apply in order", () => {
  it("version 3 then a late version 2 of one invoice leaves version 3's status", async () => {
    const base = invoiceOf(13, acmeLogin);
    sq.fake.reset(fixture([base], [acmeLogin]));
    await syncSquareInvoices(t.db, null);
    const v3 = {
      ...base,
      version: 3,
      status: "PAID",
      payment_requests: base.payment_requests.map((r) => ({ ...r, total_completed_amount_money: { ...r.computed_amount_money } })),
    };
    const v2 = { ...base, version: 2, status: "UNPAID" };
    expect(await (await deliver(invoiceEvent(v3))).json()).toEqual({ success: true, received: true, applied: true });
    expect(await (await deliver(invoiceEvent(v2))).json()).toMatchObject({ received: true, applied: false });
    const [row] = (await squareRows()).filter((r) => r.number === "OWN-13");
    expect(row).toMatchObject({ status: "paid", version: 3 });
    // A sync reading an older copy (Square's list lagging) does not undo it either.
    sq.fake.reset(fixture([v2], [acmeLogin]));
    await syncSquareInvoices(t.db, null);
    expect((await squareRows()).find((r) => r.number === "OWN-13")).toMatchObject({ status: "paid", version: 3 });
  });

  it("a late subscription event never undoes a newer one", async () => {
    const sub = DEMO_SUBSCRIPTIONS.find((s) => s.squareSubscriptionId)!;
    const event = (version: number, status: string) =>
      buildSquareEvent({
        merchantId: FAKE_MERCHANT_ID,
        type: "subscription.updated",
        objectType: "subscription",
        object: {
          id: sub.squareSubscriptionId!,
          location_id: FAKE_LOCATIONS[0],
          customer_id: acmeLogin.id,
          plan_variation_id: "P",
          status,
          start_date: "2026-01-01",
          timezone: "UTC",
          created_at: "2026-01-01T00:00:00Z",
          version,
        },
      });
    expect((await deliver(event(5, "PAUSED"))).status).toBe(200);
    expect((await deliver(event(4, "ACTIVE"))).status).toBe(200);
    const [row] = await t.db
      .select({ status: clientSubscriptions.status, version: clientSubscriptions.squareVersion })
      .from(clientSubscriptions)
      .where(eq(clientSubscriptions.id, sub.id));
    expect(row).toEqual({ status: "paused", version: 5 });
  });
});
