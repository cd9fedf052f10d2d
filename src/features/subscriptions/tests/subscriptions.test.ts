// Support plans an admin defines in Settings and subscriptions for real (docs/PRODUCT.md#admin-settings,
// docs/PRODUCT.md#portal-book-service, docs/PRODUCT.md#admin-subscriptions): plans reach Book
// Service in their order, a retired plan keeps its subscribers, and a request is a pending row an
// admin confirms or declines; MRR counts active subscriptions only.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { supportPlanSchema } from "@/features/subscriptions/validation";
import { auditLog } from "@/features/audit/server/schema";
import { clientSubscriptions } from "@/features/subscriptions/server/schema";
import { getMrrByMonth } from "@/features/subscriptions/server";
import {
  cancelOwnSubscription,
  decideSubscription,
  getPortalPlanState,
  getSubscriptionStats,
  listActiveTiers,
  listAdminPlans,
  moveSupportPlan,
  requestSubscription,
  saveSupportPlan,
  setSupportPlanRetired,
  runSubscriptionBilling,
} from "@/features/subscriptions/server";
import { adminActor } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { createTestClient } from "@tests/integration/helpers/portal";

const t = setupTestDatabase({ seedDemo: true });

const plan = (fields: Partial<Record<string, unknown>> = {}) =>
  supportPlanSchema.parse({
    id: "",
    name: "Sentinel Plus",
    monthlyPrice: "1,234.56",
    features: "One\n\n  Two  ",
    highlighted: true,
    squarePlanVariationId: "",
    ...fields,
  });

describe("support plans", () => {
  it("validates the form: price in dollars to cents, features one a line, the Square id's characters", () => {
    expect(plan()).toMatchObject({ id: null, monthlyPrice: 123_456, features: ["One", "Two"], squarePlanVariationId: null });
    const bad = supportPlanSchema.safeParse({
      id: "",
      name: " ",
      monthlyPrice: "-5",
      features: "",
      highlighted: "yes",
      squarePlanVariationId: "a b",
    });
    expect(bad.success).toBe(false);
    const fields = Object.fromEntries(bad.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(fields).toMatchObject({
      name: "Plan name is required",
      monthlyPrice: "Enter a non-negative amount in dollars (at most 2 decimals)",
      features: "List at least one feature",
      squarePlanVariationId: "A Square plan variation id is letters, digits, - and _",
    });
  });

  it("creates, edits, reorders and retires plans; Book Service shows those on offer in order; a retired plan keeps its subscribers", async () => {
    const admin = await adminActor();
    const client = await createTestClient(t.db, "Plans Client");
    const { id } = await saveSupportPlan(t.db, { actor: admin, input: plan() });
    let offered = await listActiveTiers(t.db, { actor: client });
    expect(offered.at(-1)).toMatchObject({
      id,
      tierName: "Sentinel Plus",
      monthlyPriceCents: 123_456,
      features: ["One", "Two"],
      isPopular: true,
    });

    await saveSupportPlan(t.db, { actor: admin, input: plan({ id, name: "Sentinel Max", monthlyPrice: "2000", highlighted: false }) });
    await moveSupportPlan(t.db, { actor: admin, planId: id, direction: "up" });
    offered = await listActiveTiers(t.db, { actor: client });
    expect(offered.at(-2)).toMatchObject({ id, tierName: "Sentinel Max", monthlyPriceCents: 200_000, isPopular: false });
    const order = offered.map((tier) => tier.id);
    await moveSupportPlan(t.db, { actor: admin, planId: order[0]!, direction: "up" }); // the first stays first
    expect((await listActiveTiers(t.db, { actor: client })).map((tier) => tier.id)).toEqual(order);

    await requestSubscription(t.db, { actor: client, planId: id });
    await setSupportPlanRetired(t.db, { actor: admin, planId: id, retired: true });
    expect((await listActiveTiers(t.db, { actor: client })).map((tier) => tier.id)).not.toContain(id);
    expect((await listAdminPlans(t.db, { actor: admin })).find((p) => p.id === id)).toMatchObject({ retired: true, subscriberCount: 1 });
    expect((await getPortalPlanState(t.db, { actor: client })).planRequest).toMatchObject({ tierName: "Sentinel Max", status: "pending" });
    await expect(requestSubscription(t.db, { actor: await createTestClient(t.db, "Late"), planId: id })).rejects.toThrow(
      "This plan is no longer offered.",
    );

    await setSupportPlanRetired(t.db, { actor: admin, planId: id, retired: false });
    expect((await listActiveTiers(t.db, { actor: client })).at(-1)!.id).toBe(id);
    const actions = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, id));
    expect(actions.map((a) => a.action).sort()).toEqual(["plan.create", "plan.move", "plan.restore", "plan.retire", "plan.update"]);
  });
});

describe("subscriptions without Square", () => {
  it("a request is pending at once; an admin confirms it, MRR rises by its price; one request waits at a time", async () => {
    const admin = await adminActor();
    const client = await createTestClient(t.db, "Subscriber");
    const { id: planId } = await saveSupportPlan(t.db, { actor: admin, input: plan({ name: "Confirmed Plan", monthlyPrice: "777.77" }) });
    const before = await getSubscriptionStats(t.db, { actor: admin });

    const request = await requestSubscription(t.db, { actor: client, planId });
    expect(request.status).toBe("pending");
    await expect(requestSubscription(t.db, { actor: client, planId })).rejects.toThrow(
      "Your plan request is already waiting for confirmation.",
    );
    expect((await getSubscriptionStats(t.db, { actor: admin })).mrrCents).toBe(before.mrrCents);

    // Without Square the plan is billed per period (docs/PRODUCT.md#plans-that-bill): its first period waits for Square.
    expect(await decideSubscription(t.db, { actor: admin, subscriptionId: request.id, decision: "confirm" })).toEqual({
      id: request.id,
      status: "active",
      billing: "invoice",
      nextBillingDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const after = await getSubscriptionStats(t.db, { actor: admin });
    expect(after.mrrCents).toBe(before.mrrCents + 77_777);
    expect(after.activeCount).toBe(before.activeCount + 1);
    const mrr = await getMrrByMonth(t.db, { actor: admin });
    expect(mrr.at(-1)!.mrr).toBe(after.mrrCents);
    const state = await getPortalPlanState(t.db, { actor: client });
    expect(state).toMatchObject({ subscription: { tierName: "Confirmed Plan", managedBySquare: false }, planRequest: null });
    await expect(requestSubscription(t.db, { actor: client, planId })).rejects.toThrow("You already have the Confirmed Plan plan.");
    await expect(decideSubscription(t.db, { actor: admin, subscriptionId: request.id, decision: "confirm" })).rejects.toThrow(
      "This request is already active.",
    );

    // A member of the company cannot end the plan; an owner cancels from the portal: counted until the
    // period's end, then no longer (docs/PRODUCT.md#plans-that-bill).
    const member = { ...client, userId: `${client.userId}-member`, personRole: "member" as const };
    await expect(cancelOwnSubscription(t.db, { actor: member, subscriptionId: request.id })).rejects.toThrow(
      "Only an owner of your company can cancel its plan.",
    );
    expect((await getPortalPlanState(t.db, { actor: client })).subscription).toMatchObject({ tierName: "Confirmed Plan" });
    await cancelOwnSubscription(t.db, { actor: client, subscriptionId: request.id });
    expect((await getSubscriptionStats(t.db, { actor: admin })).mrrCents).toBe(before.mrrCents + 77_777);
    const [ending] = await t.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, request.id));
    await runSubscriptionBilling(t.db, new Date(ending!.currentPeriodEnd!.getTime() + 3_600_000));
    expect((await getSubscriptionStats(t.db, { actor: admin })).mrrCents).toBe(before.mrrCents);
  });

  it("an admin declines with a reason the client reads; another client cannot touch the subscription; admin cancel", async () => {
    const admin = await adminActor();
    const client = await createTestClient(t.db, "Declined");
    const other = await createTestClient(t.db, "Other");
    const { id: planId } = await saveSupportPlan(t.db, { actor: admin, input: plan({ name: "Declined Plan" }) });
    const request = await requestSubscription(t.db, { actor: client, planId });
    await expect(cancelOwnSubscription(t.db, { actor: other, subscriptionId: request.id })).rejects.toThrow("Subscription not found");
    await decideSubscription(t.db, {
      actor: admin,
      subscriptionId: request.id,
      decision: "decline",
      reason: "We are fully booked in May.",
    });
    expect((await getPortalPlanState(t.db, { actor: client })).planRequest).toEqual({
      id: request.id,
      tierName: "Declined Plan",
      status: "declined",
      reason: "We are fully booked in May.",
      inSquare: false,
    });
    expect((await getPortalPlanState(t.db, { actor: other })).planRequest).toBeNull();

    const again = await requestSubscription(t.db, { actor: client, planId });
    await decideSubscription(t.db, { actor: admin, subscriptionId: again.id, decision: "confirm" });
    await decideSubscription(t.db, { actor: admin, subscriptionId: again.id, decision: "cancel", reason: "Contract ended" });
    const [row] = await t.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, again.id));
    expect(row).toMatchObject({ status: "cancelled", decisionReason: "Contract ended" });
    expect(await getPortalPlanState(t.db, { actor: client })).toEqual({ subscription: null, planRequest: null });
  });
});
