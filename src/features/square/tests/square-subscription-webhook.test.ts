// Square's subscription.created for a customer linked to a client creates that client's
// subscription row once, however often it is delivered; an unlinked customer's waits unassigned
// (the invoices' ownership rule) and shows in no portal until an admin links the customer
// (docs/PRODUCT.md#square-sync-and-webhook).
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST } from "@/app/api/square/webhook/route";
import { clientSubscriptions, subscriptionTiers } from "@/features/subscriptions/server/schema";
import { DEMO_CLIENTS, DEMO_TIERS } from "@/features/demo/server/demo-data";
import { linkSquareCustomer, listUnmatchedCustomers, syncSquareInvoices } from "@/features/square/server";
import { saveConnection } from "@/features/square/server/connection";
import { getPortalPlanState, getSubscriptionStats } from "@/features/subscriptions/server";
import { demoFixture } from "../../../../tools/fake-square/fixtures";
import { buildSquareEvent, signSquareWebhook } from "../../../../tools/fake-square/webhook";
import { adminActor } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { configureSquareEnv, setupFakeSquare, WEBHOOK_KEY } from "@tests/integration/helpers/square";

const t = setupTestDatabase({ seedDemo: true });
const sq = setupFakeSquare();
const NOTIFICATION_URL = `${APP_ORIGIN}/api/square/webhook`;

function deliver(body: string): Promise<Response> {
  const signature = signSquareWebhook(body, WEBHOOK_KEY, NOTIFICATION_URL);
  return POST(
    new Request(NOTIFICATION_URL, {
      method: "POST",
      headers: { "content-type": "application/json", "x-square-hmacsha256-signature": signature },
      body,
    }),
  );
}

const [acmeSub, globexSub] = demoFixture().subscriptions;
const ESSENTIAL = DEMO_TIERS[0]!;

function subscriptionEvent(object: Record<string, unknown>, type = "subscription.created", eventId?: string) {
  return JSON.stringify(
    buildSquareEvent({
      merchantId: sq.fake.merchantId(),
      type,
      objectType: "subscription",
      object: { ...globexSub!, ...object, id: String(object.id) },
      eventId,
    }),
  );
}

const rowsOf = (squareSubscriptionId: string) =>
  t.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.squareSubscriptionId, squareSubscriptionId));

beforeAll(async () => {
  sq.fake.reset(demoFixture());
  const token = sq.fake.issueToken();
  await saveConnection(t.db, { ...token, expiresAt: new Date(token.expiresAt) }, { scopes: null, connectedBy: null });
  await syncSquareInvoices(t.db, null);
  // The plan Square's subscriptions name: the demo's Essential plan, linked in Settings.
  await t.db
    .update(subscriptionTiers)
    .set({ squarePlanVariationId: globexSub!.plan_variation_id })
    .where(eq(subscriptionTiers.id, ESSENTIAL.id));
});

beforeEach(() => configureSquareEnv(sq.fake));

describe("Square subscription.created", () => {
  it("creates one active row for a linked customer's subscription, delivered twice or updated after", async () => {
    const admin = await adminActor();
    const before = await getSubscriptionStats(t.db, { actor: admin });
    const body = subscriptionEvent(
      { id: "sub-created-globex", status: "ACTIVE", charged_through_date: "2027-02-01" },
      "subscription.created",
      "evt-created-1",
    );
    expect(await (await deliver(body)).json()).toEqual({ success: true, received: true, applied: true });
    expect(await (await deliver(body)).json()).toEqual({ success: true, received: true, applied: false, duplicate: true });
    // The same subscription announced again under another event id: still one row.
    const again = subscriptionEvent(
      { id: "sub-created-globex", status: "ACTIVE", charged_through_date: "2027-02-01" },
      "subscription.created",
      "evt-created-2",
    );
    expect((await deliver(again)).status).toBe(200);
    const rows = await rowsOf("sub-created-globex");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      clientId: DEMO_CLIENTS.globex.id,
      tierId: ESSENTIAL.id,
      status: "active",
      currentPeriodEnd: new Date("2027-02-01T00:00:00Z"),
    });
    expect(rows[0]!.activatedAt).not.toBeNull();
    expect((await getSubscriptionStats(t.db, { actor: admin })).mrrCents).toBe(before.mrrCents + ESSENTIAL.monthlyPriceCents);
    const globex = {
      role: "client" as const,
      userId: "x",
      email: "x",
      name: "x",
      clientId: DEMO_CLIENTS.globex.id,
      company: "Globex",
      personRole: "owner" as const,
      billingWithheld: false,
      reportsWithheld: false,
      findingsWithheld: false,
    };
    expect((await getPortalPlanState(t.db, { actor: globex })).subscription).toMatchObject({
      tierName: ESSENTIAL.tierName,
      managedBySquare: true,
    });

    // A pending subscription (Square's PENDING) is created pending and counts once ACTIVE arrives.
    const pending = subscriptionEvent({ id: "sub-pending-globex", status: "PENDING", version: 1 }, "subscription.created", "evt-pending-1");
    expect((await deliver(pending)).status).toBe(200);
    expect((await rowsOf("sub-pending-globex"))[0]).toMatchObject({ status: "pending", activatedAt: null });
  });

  it("keeps an unlinked customer's subscription out of every portal, in the unmatched queue, until the customer is linked", async () => {
    const admin = await adminActor();
    const body = subscriptionEvent(
      { id: "sub-stranger", customer_id: "CUST-STRANGER-1", status: "ACTIVE" },
      "subscription.created",
      "evt-stranger",
    );
    expect(await (await deliver(body)).json()).toEqual({ success: true, received: true, applied: true });
    const [row] = await rowsOf("sub-stranger");
    expect(row).toMatchObject({ clientId: null, squareCustomerId: "CUST-STRANGER-1" });
    for (const client of [DEMO_CLIENTS.acme, DEMO_CLIENTS.globex]) {
      const actor = {
        role: "client" as const,
        userId: "x",
        email: "x",
        name: "x",
        clientId: client.id,
        company: client.company,
        personRole: "owner" as const,
        billingWithheld: false,
        reportsWithheld: false,
        findingsWithheld: false,
      };
      const { subscription } = await getPortalPlanState(t.db, { actor });
      expect(subscription?.id).not.toBe(row!.id);
    }
    const waiting = (await listUnmatchedCustomers(t.db, { actor: admin })).find((c) => c.squareCustomerId === "CUST-STRANGER-1");
    expect(waiting).toMatchObject({ subscriptionCount: 1 });

    await linkSquareCustomer(t.db, { actor: admin, squareCustomerId: "CUST-STRANGER-1", clientId: DEMO_CLIENTS.acme.id });
    expect((await rowsOf("sub-stranger"))[0]!.clientId).toBe(DEMO_CLIENTS.acme.id);
  });

  it("ignores a subscription whose plan variation no plan has", async () => {
    const body = subscriptionEvent(
      { id: "sub-no-plan", plan_variation_id: "PLAN-NOBODY", status: "ACTIVE" },
      "subscription.created",
      "evt-no-plan",
    );
    expect(await (await deliver(body)).json()).toMatchObject({ applied: false, ignored: "no matching subscription" });
    expect(await rowsOf("sub-no-plan")).toHaveLength(0);
    expect(acmeSub).toBeDefined();
  });
});
