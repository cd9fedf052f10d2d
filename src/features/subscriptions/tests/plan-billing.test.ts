// Plans that bill (docs/PRODUCT.md#portal-book-service, docs/PRODUCT.md#admin-subscriptions): a
// confirmed plan bills through Square (an invoice per period, or a Square subscription for a plan
// with a Square plan variation), on the fake Square; the period tick bills each period once, even
// run twice at once; cancel at period end and plan switches take effect at the next billing date;
// MRR and churn come from real rows.
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "@/server/core/errors";
import { clientPeople } from "@/features/clients/server/schema";
import { user } from "@/features/identity/server/schema";
import { paymentProviderConnections, squareCustomers } from "@/features/square/server/schema";
import { clientSubscriptions, subscriptionPeriods, subscriptionTiers } from "@/features/subscriptions/server/schema";
import { DEMO_SUBSCRIPTIONS } from "@/features/demo/server/demo-data";
import { listPortalInvoices } from "@/features/invoices/server";
import { saveConnection } from "@/features/square/server/connection";
import {
  cancelOwnSubscription,
  decideSubscription,
  getPortalPlanState,
  getSubscriptionStats,
  unbilledMrrNote,
  listAdminSubscriptions,
  requestSubscription,
  runSubscriptionBilling,
  switchOwnPlan,
} from "@/features/subscriptions/server";
import type { ClientActor } from "@/server/core/actor";
import { demoFixture } from "../../../../tools/fake-square/fixtures";
import { adminActor } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { createTestClient } from "@tests/integration/helpers/portal";
import { configureSquareEnv, setupFakeSquare } from "@tests/integration/helpers/square";

const t = setupTestDatabase({ seedDemo: true });
const sq = setupFakeSquare();
const plans = { basic: "", bigger: "", squareA: "", squareB: "" };

async function addPlan(name: string, cents: number, variation: string | null = null) {
  const [plan] = await t.db
    .insert(subscriptionTiers)
    .values({ tierName: name, monthlyPriceCents: cents, features: ["Billed"], squarePlanVariationId: variation, displayOrder: 20 })
    .returning({ id: subscriptionTiers.id });
  return plan!.id;
}

/** Links a company to one of the fake's Square customers, as an admin does in its Square dialog. */
async function linkCustomer(actor: ClientActor, squareCustomerId: string) {
  await t.db.delete(squareCustomers).where(eq(squareCustomers.squareCustomerId, squareCustomerId));
  await t.db.insert(squareCustomers).values({ squareCustomerId, clientId: actor.clientId, linkSource: "admin", linkedAt: new Date() });
}

/** A new company whose owner is linked to one of the fake's Square customers. */
async function billedClient(name: string, squareCustomerId: string): Promise<ClientActor> {
  const actor = await createTestClient(t.db, name);
  await linkCustomer(actor, squareCustomerId);
  return actor;
}

/** Asked in the portal and confirmed by the firm: the plan runs. */
async function confirmedPlan(actor: ClientActor, planId: string) {
  const request = await requestSubscription(t.db, { actor, planId });
  return decideSubscription(t.db, { actor: await adminActor(), subscriptionId: request.id, decision: "confirm" });
}

const subscription = async (id: string) => (await t.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, id)))[0]!;
const periodsOf = (id: string) =>
  t.db.select().from(subscriptionPeriods).where(eq(subscriptionPeriods.subscriptionId, id)).orderBy(subscriptionPeriods.periodStart);
const fakeInvoicesOf = (customerId: string) =>
  sq.fake.invoices().filter((i) => i.primary_recipient.customer_id === customerId && i.title?.includes("plan,"));
const after = (instant: Date | null, ms = 3_600_000) => new Date(instant!.getTime() + ms);

beforeAll(async () => {
  sq.fake.reset(demoFixture());
  const token = sq.fake.issueToken();
  await saveConnection(t.db, { ...token, expiresAt: new Date(token.expiresAt) }, { scopes: null, connectedBy: null });
  plans.basic = await addPlan("Billed Basic", 120_000);
  plans.bigger = await addPlan("Billed Bigger", 200_000);
  plans.squareA = await addPlan("Square Run A", 300_000, "PLANFAKEBILLA");
  plans.squareB = await addPlan("Square Run B", 400_000, "PLANFAKEBILLB");
});

beforeEach(() => configureSquareEnv(sq.fake));

describe("a plan billed per period", () => {
  let owner: ClientActor;
  let subscriptionId = "";

  it("confirmed by the firm, creates its order and invoice at Square and the invoice shows in the client's Billing", async () => {
    owner = await billedClient("Period Billing", "CUSTFAKEOTHER01");
    const before = sq.fake.requestCounts();
    const confirmed = await confirmedPlan(owner, plans.basic);
    subscriptionId = confirmed.id;
    expect(confirmed).toMatchObject({ status: "active", billing: "invoice" });
    const counts = sq.fake.requestCounts();
    expect((counts["POST /v2/orders"] ?? 0) - (before["POST /v2/orders"] ?? 0)).toBe(1);
    expect((counts["POST /v2/invoices"] ?? 0) - (before["POST /v2/invoices"] ?? 0)).toBe(1);
    const [atSquare] = fakeInvoicesOf("CUSTFAKEOTHER01");
    expect(atSquare).toMatchObject({ status: "UNPAID", payment_requests: [{ computed_amount_money: { amount: 120_000 } }] });

    const billing = await listPortalInvoices(t.db, { actor: owner });
    expect(billing).toHaveLength(1);
    expect(billing[0]).toMatchObject({ amountCents: 120_000, status: "pending", invoiceNumber: atSquare!.invoice_number });
    expect(billing[0]!.description).toContain("Billed Basic plan");

    const row = await subscription(subscriptionId);
    const [period] = await periodsOf(subscriptionId);
    expect(period).toMatchObject({ amountCents: 120_000, squareInvoiceId: atSquare!.id, lastError: null });
    expect(period!.billedAt).not.toBeNull();
    expect(row.currentPeriodEnd!.toISOString().slice(0, 10)).toBe(period!.periodEnd);
    const state = await getPortalPlanState(t.db, { actor: owner });
    expect(state.subscription).toMatchObject({
      tierName: "Billed Basic",
      currentPeriodEnd: row.currentPeriodEnd!.toISOString(),
      managedBySquare: false,
      cancelAtPeriodEnd: false,
      nextTier: null,
    });
  });

  it("bills the next period once, even when the tick runs twice at once and again later", async () => {
    const row = await subscription(subscriptionId);
    const now = after(row.currentPeriodEnd);
    await Promise.all([runSubscriptionBilling(t.db, now), runSubscriptionBilling(t.db, now)]);
    await runSubscriptionBilling(t.db, now);
    const periods = await periodsOf(subscriptionId);
    expect(periods).toHaveLength(2);
    expect(periods[1]).toMatchObject({ periodStart: row.currentPeriodEnd!.toISOString().slice(0, 10), amountCents: 120_000 });
    expect(periods[1]!.billedAt).not.toBeNull();
    expect(fakeInvoicesOf("CUSTFAKEOTHER01")).toHaveLength(2);
    expect(await listPortalInvoices(t.db, { actor: owner })).toHaveLength(2);
    expect((await subscription(subscriptionId)).currentPeriodEnd!.toISOString().slice(0, 10)).toBe(periods[1]!.periodEnd);
  });

  it("keeps a period Square refused and bills it on a later tick, once", async () => {
    const row = await subscription(subscriptionId);
    const now = after(row.currentPeriodEnd);
    sq.fake.addFault({ path: "/v2/invoices", method: "POST", status: 500, times: 1 });
    const first = await runSubscriptionBilling(t.db, now);
    expect(first).toMatchObject({ rolled: 1, billed: 0, failed: 1 });
    const [, , waiting] = await periodsOf(subscriptionId);
    expect(waiting).toMatchObject({ billedAt: null, attempts: 1 });
    expect(waiting!.lastError).toMatch(/Square is unavailable \(HTTP 500\)/);
    const second = await runSubscriptionBilling(t.db, now);
    expect(second).toMatchObject({ rolled: 0, billed: 1, failed: 0 });
    // One invoice for the period: the retry reused the period's idempotency keys.
    expect(fakeInvoicesOf("CUSTFAKEOTHER01").filter((i) => i.sale_or_service_date === waiting!.periodStart)).toHaveLength(1);
    expect(fakeInvoicesOf("CUSTFAKEOTHER01")).toHaveLength(3);
  });

  it("switches plan from the next billing date: the next period is billed at the new price", async () => {
    const row = await subscription(subscriptionId);
    const switched = await switchOwnPlan(t.db, { actor: owner, planId: plans.bigger });
    expect(switched.startsOn).toBe(row.currentPeriodEnd!.toISOString().slice(0, 10));
    expect((await getPortalPlanState(t.db, { actor: owner })).subscription).toMatchObject({
      tierName: "Billed Basic",
      nextTier: { id: plans.bigger, tierName: "Billed Bigger", monthlyPriceCents: 200_000 },
    });
    await runSubscriptionBilling(t.db, after(row.currentPeriodEnd));
    const periods = await periodsOf(subscriptionId);
    expect(periods.at(-1)).toMatchObject({ tierId: plans.bigger, amountCents: 200_000 });
    expect(await subscription(subscriptionId)).toMatchObject({ tierId: plans.bigger, nextTierId: null });
  });

  it("refuses a member's subscription, switch or cancellation with 403, as the house does", async () => {
    const memberId = `test-member-${subscriptionId}`;
    await t.db.insert(user).values({ id: memberId, name: "Member", email: `${memberId}@example.test`, role: "client" });
    await t.db.insert(clientPeople).values({ userId: memberId, clientId: owner.clientId, role: "member", status: "active" });
    const member: ClientActor = { ...owner, userId: memberId, personRole: "member" };
    const refused = (p: Promise<unknown>) =>
      expect(p).rejects.toSatisfy((e) => e instanceof AppError && e.code === "forbidden" && /Only an owner/.test(e.message));
    await refused(switchOwnPlan(t.db, { actor: member, planId: plans.basic }));
    await refused(cancelOwnSubscription(t.db, { actor: member, subscriptionId }));
    expect(await subscription(subscriptionId)).toMatchObject({ cancelAtPeriodEnd: false, nextTierId: null });
    // Subscribing the company is an owner's decision too: nothing is written for a member.
    const before = await t.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.clientId, owner.clientId));
    await refused(requestSubscription(t.db, { actor: member, planId: plans.bigger }));
    expect(await t.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.clientId, owner.clientId))).toEqual(before);
  });

  it("cancels at the period's end: active and counted until then, no further invoice, then cancelled and out of MRR", async () => {
    const admin = await adminActor();
    const row = await subscription(subscriptionId);
    const mrrBefore = (await getSubscriptionStats(t.db, { actor: admin })).mrrCents;
    const asked = await cancelOwnSubscription(t.db, { actor: owner, subscriptionId });
    expect(asked).toMatchObject({ status: "active", cancelAtPeriodEnd: true, endsOn: row.currentPeriodEnd!.toISOString().slice(0, 10) });
    expect((await getPortalPlanState(t.db, { actor: owner })).subscription).toMatchObject({ cancelAtPeriodEnd: true });
    expect((await getSubscriptionStats(t.db, { actor: admin })).mrrCents).toBe(mrrBefore);
    const periodsBefore = (await periodsOf(subscriptionId)).length;

    await runSubscriptionBilling(t.db, after(row.currentPeriodEnd));
    expect(await periodsOf(subscriptionId)).toHaveLength(periodsBefore);
    const ended = await subscription(subscriptionId);
    expect(ended).toMatchObject({ status: "cancelled", cancelledAt: row.currentPeriodEnd });
    expect((await getSubscriptionStats(t.db, { actor: admin })).mrrCents).toBe(mrrBefore - 200_000);
    expect((await getPortalPlanState(t.db, { actor: owner })).subscription).toBeNull();
  });
});

describe("a plan with a Square plan variation", () => {
  it("confirmed by the firm, becomes a Square subscription; cancel and switch go to Square", async () => {
    // Asked before the company had a Square customer (so it waited for the firm), linked since.
    const owner = await createTestClient(t.db, "Square Run");
    const request = await requestSubscription(t.db, { actor: owner, planId: plans.squareA });
    expect(request.via).toBe("request");
    await linkCustomer(owner, "CUSTFAKEGLOBEX1");
    const confirmed = await decideSubscription(t.db, { actor: await adminActor(), subscriptionId: request.id, decision: "confirm" });
    expect(confirmed).toMatchObject({ status: "active", billing: "square" });
    const row = await subscription(confirmed.id);
    const atSquare = sq.fake.subscriptions().find((s) => s.id === row.squareSubscriptionId);
    expect(atSquare).toMatchObject({ customer_id: "CUSTFAKEGLOBEX1", plan_variation_id: "PLANFAKEBILLA" });
    expect(await periodsOf(confirmed.id)).toEqual([]);
    expect((await getPortalPlanState(t.db, { actor: owner })).subscription).toMatchObject({
      managedBySquare: true,
      currentPeriodEnd: row.currentPeriodEnd!.toISOString(),
    });

    await switchOwnPlan(t.db, { actor: owner, planId: plans.squareB });
    const swapped = sq.fake.subscriptions().find((s) => s.id === row.squareSubscriptionId) as unknown as {
      actions?: { type: string; new_plan_variation_id: string }[];
    };
    expect(swapped.actions).toEqual([expect.objectContaining({ type: "SWAP_PLAN", new_plan_variation_id: "PLANFAKEBILLB" })]);
    await expect(switchOwnPlan(t.db, { actor: owner, planId: plans.basic })).rejects.toThrow(
      "The Billed Basic plan cannot replace a plan billed by Square. Please contact your account manager.",
    );

    await cancelOwnSubscription(t.db, { actor: owner, subscriptionId: confirmed.id });
    const cancelled = sq.fake.subscriptions().find((s) => s.id === row.squareSubscriptionId) as unknown as { canceled_date?: string };
    expect(cancelled.canceled_date).toBeTruthy();
    expect(await subscription(confirmed.id)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    // The tick leaves a Square-run plan to Square: its webhook reports the cancellation.
    await runSubscriptionBilling(t.db, after(row.currentPeriodEnd));
    expect(await subscription(confirmed.id)).toMatchObject({ status: "active" });
  });
});

describe("a plan the firm bills while Square is not connected", () => {
  it("says on both sides that its period waits and why, bills nothing, then bills the period once Square is connected", async () => {
    const owner = await billedClient("Waiting Billing", "CUSTFAKEOTHER01");
    const [connection] = await t.db.select().from(paymentProviderConnections);
    await t.db.delete(paymentProviderConnections);
    let unbilledWhileWaiting = 0;
    let price = 0;
    try {
      const unbilledBefore = await getSubscriptionStats(t.db, { actor: await adminActor() });
      const confirmed = await confirmedPlan(owner, plans.basic);
      expect(confirmed).toMatchObject({ status: "active", billing: "invoice" });
      const [period] = await periodsOf(confirmed.id);
      expect(period!.billedAt).toBeNull();
      // MRR counts it, and says which share of it bills nothing yet.
      const waiting = await getSubscriptionStats(t.db, { actor: await adminActor() });
      price = waiting.mrrCents - unbilledBefore.mrrCents;
      unbilledWhileWaiting = waiting.unbilledMrrCents;
      expect(price).toBeGreaterThan(0);
      expect(waiting.unbilledMrrCents).toBe(unbilledBefore.unbilledMrrCents + price);
      expect(waiting.unbilledCount).toBe(unbilledBefore.unbilledCount + 1);
      expect(unbilledMrrNote(waiting)).toMatch(/^\$[\d,]+\.\d\d of it not billed yet: \d+ plans? waits? for Square or a customer link$/);
      expect(await listPortalInvoices(t.db, { actor: owner })).toEqual([]);
      expect((await getPortalPlanState(t.db, { actor: owner })).subscription).toMatchObject({
        squareConnected: false,
        billingWaits: { since: period!.periodStart, reason: "square_not_connected" },
      });
      const admin = await adminActor();
      const listed = await listAdminSubscriptions(t.db, { actor: admin, q: "Waiting Billing" });
      expect(listed.rows.find((r) => r.id === confirmed.id)).toMatchObject({ billingWaits: "square_not_connected" });
      // The tick changes nothing while Square is away, and uses up no attempt.
      await runSubscriptionBilling(t.db, new Date());
      expect((await periodsOf(confirmed.id))[0]).toMatchObject({ billedAt: null, attempts: 0 });
    } finally {
      await t.db.insert(paymentProviderConnections).values(connection!);
    }
    // Connected again: the next tick bills the period that waited, once.
    const [row] = await t.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.clientId, owner.clientId));
    await runSubscriptionBilling(t.db, new Date());
    await runSubscriptionBilling(t.db, new Date());
    const [billed] = await periodsOf(row!.id);
    expect(billed!.billedAt).not.toBeNull();
    expect(await listPortalInvoices(t.db, { actor: owner })).toHaveLength(1);
    expect((await getPortalPlanState(t.db, { actor: owner })).subscription).toMatchObject({ squareConnected: true, billingWaits: null });
    // Billed: no longer in the unbilled share.
    expect((await getSubscriptionStats(t.db, { actor: await adminActor() })).unbilledMrrCents).toBe(unbilledWhileWaiting - price);
  });
});

describe("MRR and churn", () => {
  it("count only active subscriptions, and churn as the share of those active 30 days ago cancelled since", async () => {
    const admin = await adminActor();
    const start = new Date("2001-01-01T00:00:00Z");
    const now = new Date("2001-06-30T00:00:00Z");
    const companies = await Promise.all([1, 2, 3, 4].map((n) => createTestClient(t.db, `Churn ${n}`)));
    const before = await getSubscriptionStats(t.db, { actor: admin, now });
    const rows = await t.db
      .insert(clientSubscriptions)
      .values(companies.map((c) => ({ clientId: c.clientId, tierId: plans.basic, status: "active" as const, activatedAt: start })))
      .returning({ id: clientSubscriptions.id });
    // One cancelled inside the window, and one long before it (it left before the window began).
    await t.db
      .update(clientSubscriptions)
      .set({ status: "cancelled", cancelledAt: new Date("2001-06-15T00:00:00Z") })
      .where(eq(clientSubscriptions.id, rows[0]!.id));
    await t.db
      .update(clientSubscriptions)
      .set({ status: "cancelled", cancelledAt: new Date("2001-02-01T00:00:00Z") })
      .where(and(eq(clientSubscriptions.id, rows[1]!.id)));
    const stats = await getSubscriptionStats(t.db, { actor: admin, now });
    expect(stats.mrrCents - before.mrrCents).toBe(2 * 120_000);
    expect(stats.activeCount - before.activeCount).toBe(2);
    // Active on 2001-05-31: rows 0, 2 and 3; of them row 0 was cancelled since. The demo's rows began in 2026.
    expect(stats.churnRatePercent).toBe(33.3);
    expect(DEMO_SUBSCRIPTIONS.every((s) => s.createdAt > "2002")).toBe(true);
  });
});
