// Subscribing through Square (docs/PRODUCT.md#portal-book-service): with Square connected, the plan
// linked to a Square plan variation and the client to a Square customer, Subscribe creates the
// subscription in Square through the SDK (the fake server's CreateSubscription) for that customer;
// the row stays pending until Square's subscription.updated webhook confirms it. A failing Square
// leaves no request behind; without a linked customer the request waits for an admin.
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST } from "@/app/api/square/webhook/route";
import { auditLog } from "@/features/audit/server/schema";
import { squareCustomers } from "@/features/square/server/schema";
import { clientSubscriptions, subscriptionTiers } from "@/features/subscriptions/server/schema";
import { DEMO_CLIENTS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { syncSquareInvoices } from "@/features/square/server";
import { saveConnection } from "@/features/square/server/connection";
import { decideSubscription, getPortalPlanState, getSubscriptionStats, requestSubscription } from "@/features/subscriptions/server";
import { demoFixture } from "../../../../tools/fake-square/fixtures";
import { buildSquareEvent, signSquareWebhook } from "../../../../tools/fake-square/webhook";
import { adminActor, clientActor } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { createTestClient } from "@tests/integration/helpers/portal";
import { configureSquareEnv, setupFakeSquare, WEBHOOK_KEY } from "@tests/integration/helpers/square";

const t = setupTestDatabase({ seedDemo: true });
const sq = setupFakeSquare();
const NOTIFICATION_URL = `${APP_ORIGIN}/api/square/webhook`;
const VARIATION = "PLANFAKESQUAREPRO";
let planId = "";

function deliver(object: Record<string, unknown>, type: string, eventId: string): Promise<Response> {
  const body = JSON.stringify(
    buildSquareEvent({
      merchantId: sq.fake.merchantId(),
      type,
      objectType: "subscription",
      object: { ...object, id: String(object.id) },
      eventId,
    }),
  );
  return POST(
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

const rowOf = async (id: string) => (await t.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, id)))[0];

beforeAll(async () => {
  sq.fake.reset(demoFixture());
  const token = sq.fake.issueToken();
  await saveConnection(t.db, { ...token, expiresAt: new Date(token.expiresAt) }, { scopes: null, connectedBy: null });
  // The sync links the demo clients' Square customers (their sign-in e-mails match).
  await syncSquareInvoices(t.db, null);
  const [plan] = await t.db
    .insert(subscriptionTiers)
    .values({
      tierName: "Square Pro",
      monthlyPriceCents: 420_000,
      features: ["Linked to Square"],
      squarePlanVariationId: VARIATION,
      displayOrder: 9,
    })
    .returning({ id: subscriptionTiers.id });
  planId = plan!.id;
});

beforeEach(() => configureSquareEnv(sq.fake));

describe("subscribing through Square", () => {
  it("refuses without leaving a request when Square fails", async () => {
    const globex = await clientActor(DEMO_USERS.globex.email);
    sq.fake.addFault({ path: "/v2/subscriptions", method: "POST", status: 500, times: 1 });
    await expect(requestSubscription(t.db, { actor: globex, planId })).rejects.toThrow(
      "Your subscription could not be set up with our payment provider. Please try again later or contact your account manager.",
    );
    sq.fake.clearFaults();
    const rows = await t.db
      .select()
      .from(clientSubscriptions)
      .where(and(eq(clientSubscriptions.clientId, DEMO_CLIENTS.globex.id), eq(clientSubscriptions.tierId, planId)));
    expect(rows).toEqual([]);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, "subscription.square_failed"));
    expect(audit).toMatchObject({ actorUserId: DEMO_USERS.globex.id });
  });

  it("creates the subscription in Square for the client's customer; pending until the webhook confirms it, then active once", async () => {
    const admin = await adminActor();
    const globex = await clientActor(DEMO_USERS.globex.email);
    const [customer] = await t.db
      .select({ id: squareCustomers.squareCustomerId })
      .from(squareCustomers)
      .where(eq(squareCustomers.clientId, DEMO_CLIENTS.globex.id));
    expect(customer).toBeDefined();
    const mrrBefore = (await getSubscriptionStats(t.db, { actor: admin })).mrrCents;

    const result = await requestSubscription(t.db, { actor: globex, planId });
    expect(result).toMatchObject({ status: "pending", via: "square" });
    const created = sq.fake.subscriptions().filter((s) => s.plan_variation_id === VARIATION);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ customer_id: customer!.id, status: "PENDING" });
    expect(await rowOf(result.id)).toMatchObject({
      status: "pending",
      squareSubscriptionId: created[0]!.id,
      squareCustomerId: customer!.id,
      activatedAt: null,
    });
    // Square runs it now: the portal shows it waiting for Square (no Withdraw), an admin cannot confirm it.
    expect((await getPortalPlanState(t.db, { actor: globex })).planRequest).toMatchObject({
      id: result.id,
      status: "pending",
      inSquare: true,
    });
    await expect(decideSubscription(t.db, { actor: admin, subscriptionId: result.id, decision: "confirm" })).rejects.toThrow(
      "run by Square",
    );

    // Square's subscription.created (still PENDING) adds nothing; subscription.updated ACTIVE confirms it.
    expect((await deliver(created[0]!, "subscription.created", "evt-sq-sub-created")).status).toBe(200);
    expect(await rowOf(result.id)).toMatchObject({ status: "pending" });
    const active = sq.fake.setSubscriptionStatus(created[0]!.id, "ACTIVE", "2027-03-01");
    expect((await deliver(active, "subscription.updated", "evt-sq-sub-active")).status).toBe(200);
    expect((await deliver(active, "subscription.updated", "evt-sq-sub-active-again")).status).toBe(200);
    const row = await rowOf(result.id);
    expect(row).toMatchObject({ status: "active", currentPeriodEnd: new Date("2027-03-01T00:00:00Z") });
    expect(row!.activatedAt).not.toBeNull();
    const rows = await t.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.squareSubscriptionId, created[0]!.id));
    expect(rows).toHaveLength(1);
    expect((await getSubscriptionStats(t.db, { actor: admin })).mrrCents).toBe(mrrBefore + 420_000);
  });

  it("without a Square customer linked to the client, the request waits for an admin", async () => {
    const actor = await createTestClient(t.db, "No Square Customer");
    const result = await requestSubscription(t.db, { actor, planId });
    expect(result).toMatchObject({ status: "pending", via: "request" });
    expect(await rowOf(result.id)).toMatchObject({ squareSubscriptionId: null });
    expect(sq.fake.subscriptions().filter((s) => s.plan_variation_id === VARIATION)).toHaveLength(1);
  });
});
