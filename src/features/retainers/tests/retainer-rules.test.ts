// Retainer hours (docs/PRODUCT.md#retainer-hours) on the real database and the fake Square: quarter
// hours, non-billable time, carry-over expiry, thresholds mailed once, overage requests waiting for
// an owner (a member refused), the month's close creating exactly one invoice with its lines, and a
// closed month read only.
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { logTimeEntryAction, saveRetainerAction } from "@/features/retainers/actions/admin";
import { addMonths, monthOf } from "@/lib/retainer-period";
import type { ClientActor } from "@/server/core/actor";
import { auditLog } from "@/features/audit/server/schema";
import { clientPeople } from "@/features/clients/server/schema";
import { user } from "@/features/identity/server/schema";
import { invoices } from "@/features/invoices/server/schema";
import { retainerMonths, retainerOverageRequests, timeEntries } from "@/features/retainers/server/schema";
import { squareCustomers } from "@/features/square/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { DEMO_USERS } from "@/features/demo/server/demo-data";
import {
  closeRetainerMonth,
  decideOverageRequest,
  getPortalRetainer,
  listRetainersForAdmin,
  logTimeEntry,
} from "@/features/retainers/server";
import { retainerSchema, timeEntrySchema } from "@/features/retainers/validation";
import { saveConnection } from "@/features/square/server/connection";
import { demoFixture } from "../../../../tools/fake-square/fixtures";
import { adminActor, adminCookie, clientActor } from "@tests/integration/helpers/admin-session";
import { authHeaders } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";
import { addProject, createTestClient } from "@tests/integration/helpers/portal";
import { configureSquareEnv, setupFakeSquare } from "@tests/integration/helpers/square";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);

const t = setupTestDatabase({ seedDemo: true });
const sq = setupFakeSquare();
const H = 60;
const today = new Date().toISOString().slice(0, 10);
const thisMonth = monthOf(today);
// A day of this month no later than today, and one of an earlier month.
const dayOf = (month: string, day = 1) => `${month.slice(0, 8)}${String(day).padStart(2, "0")}`;

let admin: Awaited<ReturnType<typeof adminActor>>;
let owner: ClientActor;
let member: ClientActor;
let gateway = "";
let agents = "";

async function addMember(client: ClientActor): Promise<ClientActor> {
  const userId = `test-${randomUUID()}`;
  const email = `${userId}@example.test`;
  await t.db.insert(user).values({ id: userId, name: "Morgan Member", email, role: "client" });
  await t.db.insert(clientPeople).values({ userId, clientId: client.clientId, role: "member", status: "active" });
  return { ...client, userId, email, name: "Morgan Member", personRole: "member" };
}

const log = (client: ClientActor, input: Partial<Record<string, unknown>>) =>
  logTimeEntry(t.db, {
    actor: admin,
    values: timeEntrySchema.parse({
      clientId: client.clientId,
      projectId: gateway,
      workDate: today,
      hours: 1,
      person: "Casey Consultant",
      description: "Guardrail review",
      billable: true,
      ...input,
    }),
  });

const setRetainer = async (client: ClientActor, input: Partial<Record<string, unknown>>) => {
  requestHeaders.current = authHeaders(await adminCookie());
  return saveRetainerAction({
    clientId: client.clientId,
    name: "AI Engineering Acceleration",
    hoursPerMonth: 10,
    hourlyRate: "150",
    overageRate: "200",
    startDate: dayOf(addMonths(thisMonth, -3)),
    carryOverHours: 0,
    carryOverMonths: 0,
    ...input,
  } as Parameters<typeof saveRetainerAction>[0]);
};

const thresholdMails = (userId: string) =>
  t.db
    .select({ subject: emailOutbox.subject })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, "notify_retainer_threshold"), eq(emailOutbox.recipientUserId, userId)));

const monthRow = async (clientId: string, month: string) => {
  const view = await getPortalRetainer(t.db, { actor: { ...owner, clientId } });
  return view!.months.find((m) => m.month === month)!;
};

beforeAll(async () => {
  admin = await adminActor();
  owner = await createTestClient(t.db, "Retainer Rules");
  member = await addMember(owner);
  gateway = await addProject(t.db, owner, { projectName: "LLM Gateway" });
  agents = await addProject(t.db, owner, { projectName: "Agent Platform" });
  expect(await setRetainer(owner, {})).toMatchObject({ success: true });
});

describe("logging time", () => {
  it("takes quarter hours only, refusing anything else with a 400", async () => {
    requestHeaders.current = authHeaders(await adminCookie());
    const input = { clientId: owner.clientId, projectId: gateway, workDate: today, person: "Casey", description: "Review", billable: true };
    const refused = await logTimeEntryAction({ ...input, hours: "1.2" });
    expect(refused).toMatchObject({
      success: false,
      code: "bad_request",
      fieldErrors: { hours: "Enter hours in quarter hours (e.g. 1.25)" },
    });
    expect(await logTimeEntryAction({ ...input, hours: 0.1 })).toMatchObject({ success: false, code: "bad_request" });
    expect(await t.db.select().from(timeEntries).where(eq(timeEntries.clientId, owner.clientId))).toEqual([]);
    // A project of another client is refused too.
    const other = await createTestClient(t.db, "Other Co");
    const foreign = await addProject(t.db, other, { projectName: "Not yours" });
    expect(await logTimeEntryAction({ ...input, projectId: foreign, hours: 1 })).toMatchObject({
      success: false,
      code: "bad_request",
      fieldErrors: { projectId: "Choose a project of this client" },
    });
  });

  it("stores non-billable time without consuming the budget", async () => {
    expect(await log(owner, { hours: 3, billable: false })).toMatchObject({ kind: "entry" });
    const month = await monthRow(owner.clientId, thisMonth);
    expect(month).toMatchObject({ usedMinutes: 0, nonBillableMinutes: 3 * H, remainingMinutes: 10 * H, budgetMinutes: 10 * H });
  });

  it("mails the owners once per threshold and month", async () => {
    await log(owner, { hours: 7.75 });
    expect(await thresholdMails(owner.userId)).toEqual([]);
    await log(owner, { hours: 0.25, projectId: agents }); // 8 of 10 hours: 80%
    expect(await thresholdMails(owner.userId)).toHaveLength(1);
    await log(owner, { hours: 1 }); // 90%: nothing new
    expect(await thresholdMails(owner.userId)).toHaveLength(1);
    await log(owner, { hours: 1, projectId: agents }); // 100%
    const mails = await thresholdMails(owner.userId);
    expect(mails.map((m) => m.subject).sort()).toEqual([expect.stringContaining("100% of"), expect.stringContaining("80% of")]);
    // Owners only: the member is not mailed.
    expect(await thresholdMails(member.userId)).toEqual([]);
    const month = await monthRow(owner.clientId, thisMonth);
    expect(month).toMatchObject({ usedMinutes: 10 * H, remainingMinutes: 0 });
  });
});

describe("overage requests", () => {
  let requestId = "";
  let declinedId = "";

  it("stores billable time past the budget as a request that waits", async () => {
    const result = await log(owner, { hours: 1.5, description: "Extra incident support" });
    expect(result.kind).toBe("overage_request");
    requestId = result.id;
    declinedId = (await log(owner, { hours: 0.5, description: "Not wanted" })).id;
    // Nothing counted yet.
    expect(await monthRow(owner.clientId, thisMonth)).toMatchObject({ usedMinutes: 10 * H, overageMinutes: 0 });
    const view = await getPortalRetainer(t.db, { actor: owner });
    expect(view!.requests.filter((r) => r.status === "pending").map((r) => r.minutes)).toEqual(expect.arrayContaining([90, 30]));
    // Non-billable time is still an entry.
    expect(await log(owner, { hours: 1, billable: false })).toMatchObject({ kind: "entry" });
  });

  it("refuses a member (403) and another company (404)", async () => {
    await expect(decideOverageRequest(t.db, { actor: member, requestId, decision: "approve" })).rejects.toMatchObject({
      code: "forbidden",
    });
    const globex = await clientActor(DEMO_USERS.globex.email);
    await expect(decideOverageRequest(t.db, { actor: globex, requestId, decision: "approve" })).rejects.toMatchObject({
      code: "not_found",
    });
    const [request] = await t.db.select().from(retainerOverageRequests).where(eq(retainerOverageRequests.id, requestId));
    expect(request).toMatchObject({ status: "pending", decidedBy: null });
  });

  it("counts the time once an owner approves, recording who and when", async () => {
    const before = Date.now();
    expect(await decideOverageRequest(t.db, { actor: owner, requestId, decision: "approve" })).toMatchObject({ status: "approved" });
    expect(await decideOverageRequest(t.db, { actor: owner, requestId: declinedId, decision: "decline" })).toMatchObject({
      status: "declined",
    });
    const [request] = await t.db.select().from(retainerOverageRequests).where(eq(retainerOverageRequests.id, requestId));
    expect(request).toMatchObject({ status: "approved", decidedBy: owner.userId, decidedByName: owner.name });
    expect(request!.decidedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [entry] = await t.db.select().from(timeEntries).where(eq(timeEntries.id, request!.timeEntryId!));
    expect(entry).toMatchObject({ minutes: 90, billable: true, overage: true });
    expect(await monthRow(owner.clientId, thisMonth)).toMatchObject({ usedMinutes: 10 * H, overageMinutes: 90 });
    const audit = await t.db
      .select({ action: auditLog.action, actor: auditLog.actorUserId, clientId: auditLog.clientId })
      .from(auditLog)
      .where(inArray(auditLog.entityId, [requestId, declinedId]));
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: "retainer.overage_approved", actor: owner.userId, clientId: owner.clientId },
        { action: "retainer.overage_declined", actor: owner.userId, clientId: owner.clientId },
      ]),
    );
    await expect(decideOverageRequest(t.db, { actor: owner, requestId, decision: "decline" })).rejects.toMatchObject({
      code: "conflict",
    });
  });

  it("lists the retainer in the admin list with its use against its budget, over budget first", async () => {
    const list = await listRetainersForAdmin(t.db, { actor: admin });
    const row = list.find((r) => r.clientId === owner.clientId);
    expect(row).toMatchObject({ usedMinutes: 10 * H, budgetMinutes: 10 * H, overageMinutes: 90, percent: 115 });
    expect(list[0]!.percent).toBeGreaterThanOrEqual(row!.percent);
  });
});

describe("an entry crossing the budget", () => {
  it("counts the part within the budget and makes the rest an overage request for the owner", async () => {
    const client = await createTestClient(t.db, "Budget Crossing");
    const project = await addProject(t.db, client, { projectName: "Model Hardening" });
    expect(await setRetainer(client, { hoursPerMonth: 1 })).toMatchObject({ success: true });
    await log(client, { projectId: project, hours: 0.5 });

    const result = await log(client, { projectId: project, hours: 24, description: "Red-team weekend" });
    expect(result).toMatchObject({ kind: "split", countedMinutes: 30, overageMinutes: 23.5 * H });

    // The month holds exactly its budget; the rest waits, nothing of it billed as ordinary time.
    expect(await monthRow(client.clientId, thisMonth)).toMatchObject({ usedMinutes: H, budgetMinutes: H, overageMinutes: 0 });
    const entries = await t.db
      .select({ minutes: timeEntries.minutes, overage: timeEntries.overage })
      .from(timeEntries)
      .where(eq(timeEntries.clientId, client.clientId));
    expect(entries.map((e) => e.minutes).sort((a, b) => a - b)).toEqual([30, 30]);
    expect(entries.every((e) => !e.overage)).toBe(true);
    const requests = await t.db
      .select({
        minutes: retainerOverageRequests.minutes,
        status: retainerOverageRequests.status,
        description: retainerOverageRequests.description,
      })
      .from(retainerOverageRequests)
      .where(eq(retainerOverageRequests.clientId, client.clientId));
    expect(requests).toEqual([{ minutes: 23.5 * H, status: "pending", description: "Red-team weekend" }]);
    const view = await getPortalRetainer(t.db, { actor: client });
    expect(view!.requests.map((r) => ({ minutes: r.minutes, status: r.status }))).toEqual([{ minutes: 23.5 * H, status: "pending" }]);
  });
});

describe("carry-over", () => {
  it("carries unused hours for the given months, then lets them expire", async () => {
    const client = await createTestClient(t.db, "Carry Co");
    const project = await addProject(t.db, client, { projectName: "Evals" });
    const start = addMonths(thisMonth, -3);
    expect(await setRetainer(client, { startDate: dayOf(start), carryOverHours: 20, carryOverMonths: 1 })).toMatchObject({
      success: true,
    });
    // The first month uses 4 of 10 hours: 6 carry into the next month only.
    await logTimeEntry(t.db, {
      actor: admin,
      values: timeEntrySchema.parse({
        clientId: client.clientId,
        projectId: project,
        workDate: dayOf(start, 3),
        hours: 4,
        person: "Casey",
        description: "Eval harness",
        billable: true,
      }),
    });
    const view = await getPortalRetainer(t.db, { actor: client });
    const byMonth = new Map(view!.months.map((m) => [m.month, m]));
    expect(byMonth.get(start)).toMatchObject({ budgetMinutes: 10 * H, usedMinutes: 4 * H, remainingMinutes: 6 * H });
    // Unused in the second month, the 6 carried hours expire; only its own 10 carry on.
    expect(byMonth.get(addMonths(start, 1))).toMatchObject({ carriedInMinutes: 6 * H, budgetMinutes: 16 * H, expiringMinutes: 6 * H });
    expect(byMonth.get(addMonths(start, 2))).toMatchObject({ carriedInMinutes: 10 * H, budgetMinutes: 20 * H });
    expect(view!.current).toMatchObject({ month: thisMonth, carriedInMinutes: 10 * H, budgetMinutes: 20 * H });
    // The admin's list reads only this month's figures, with the same carried hours.
    const row = (await listRetainersForAdmin(t.db, { actor: admin })).find((r) => r.clientId === client.clientId);
    expect(row).toMatchObject({ usedMinutes: 0, budgetMinutes: 20 * H, overageMinutes: 0, percent: 0 });
  });

  it("refuses terms that are not quarter hours or thresholds out of range", () => {
    const base = {
      clientId: owner.clientId,
      name: "X",
      hourlyRate: 1,
      overageRate: 1,
      startDate: today,
      carryOverHours: 0,
      carryOverMonths: 0,
    };
    expect(retainerSchema.safeParse({ ...base, hoursPerMonth: "10.1" }).success).toBe(false);
    expect(retainerSchema.safeParse({ ...base, hoursPerMonth: 10, thresholds: "80, 300" }).success).toBe(false);
    expect(retainerSchema.parse({ ...base, hoursPerMonth: 10, thresholds: "100, 50, 50" }).thresholds).toEqual([50, 100]);
  });
});

describe("closing a month", () => {
  beforeAll(async () => {
    sq.fake.reset(demoFixture());
    const token = sq.fake.issueToken();
    await saveConnection(t.db, { ...token, expiresAt: new Date(token.expiresAt) }, { scopes: null, connectedBy: null });
    await t.db
      .insert(squareCustomers)
      .values({ squareCustomerId: "CUSTFAKEOTHER01", clientId: owner.clientId, linkSource: "admin", linkedAt: new Date() })
      .onConflictDoUpdate({ target: squareCustomers.squareCustomerId, set: { clientId: owner.clientId, linkedAt: new Date() } });
  });
  beforeEach(() => configureSquareEnv(sq.fake));

  it("creates exactly one invoice at Square, a line per project and the overage at its own rate", async () => {
    const month = thisMonth.slice(0, 7);
    const first = await closeRetainerMonth(t.db, { actor: admin, clientId: owner.clientId, month });
    expect(first.created).toBe(true);
    const again = await closeRetainerMonth(t.db, { actor: admin, clientId: owner.clientId, month });
    expect(again).toEqual({ invoiceId: first.invoiceId, created: false });

    const stored = await t.db.select().from(invoices).where(eq(invoices.clientId, owner.clientId));
    expect(stored).toHaveLength(1);
    // LLM Gateway 7.75 + 1 = 8.75 h and Agent Platform 0.25 + 1 = 1.25 h at $150; 1.5 h overage at $200.
    const total = 8.75 * 15_000 + 1.25 * 15_000 + 1.5 * 20_000;
    expect(stored[0]).toMatchObject({ id: first.invoiceId, amountCents: total, status: "pending" });
    // The fixture has an invoice (and its order) for this customer already: only the new one counts.
    const fixtureInvoices = new Set(demoFixture().invoices.map((i) => i.id));
    const created = sq.fake.invoices().filter((i) => i.primary_recipient.customer_id === "CUSTFAKEOTHER01" && !fixtureInvoices.has(i.id));
    expect(created).toHaveLength(1);
    const order = sq.fake.order(created[0]!.order_id)!;
    expect(order.line_items.map((l) => [l.name, l.quantity, l.base_price_money.amount])).toEqual([
      ["Agent Platform", "1.25", 15_000],
      ["LLM Gateway", "8.75", 15_000],
      ["Overage: LLM Gateway", "1.50", 20_000],
    ]);
    const [row] = await t.db
      .select({ invoiceId: retainerMonths.invoiceId, closed: retainerMonths.closedAt })
      .from(retainerMonths)
      .innerJoin(invoices, eq(invoices.id, retainerMonths.invoiceId))
      .where(and(eq(retainerMonths.month, thisMonth), eq(invoices.clientId, owner.clientId)));
    expect(row).toMatchObject({ invoiceId: first.invoiceId, closed: expect.any(Date) });
  });

  it("keeps a closed month read only: new time is refused, the entries stay as they were", async () => {
    const entries = () => t.db.select().from(timeEntries).where(eq(timeEntries.clientId, owner.clientId));
    const before = await entries();
    await expect(log(owner, { hours: 1, billable: false })).rejects.toMatchObject({
      code: "conflict",
      message: "That month is closed: log the correction as a new entry in an open month.",
    });
    await expect(log(owner, { hours: 2 })).rejects.toMatchObject({ code: "conflict" });
    expect(await entries()).toEqual(before);
  });
});
