// Every portal data function against the demo data, for both demo clients, with sums computed by
// hand from src/features/demo/server/demo-data.ts; each list must hold exactly the client's own rows.
import { beforeAll, describe, expect, it } from "vitest";
import { percentOf } from "@/lib/format";
import { nextScheduledPayment, scheduleEntryState, scheduleProgress } from "@/lib/schedule";
import type { ClientActor } from "@/server/core/actor";
import {
  DEMO_BOOKINGS,
  DEMO_CLIENTS,
  DEMO_DOCUMENTS,
  DEMO_INVOICES,
  DEMO_PROJECTS,
  DEMO_RATES,
  DEMO_TIERS,
} from "@/features/demo/server/demo-data";
import { listRecentBookings } from "@/features/bookings/server";
import { getPortalProfile } from "@/features/clients/server";
import { listPortalDocuments } from "@/features/documents/server";
import { getBillingSummary, listPortalInvoices } from "@/features/invoices/server";
import { getOverview } from "@/features/portal/server/portal-overview";
import { listPortalProjects } from "@/features/projects/server";
import { listPortalRates } from "@/features/rates/server";
import { getPortalPlanState, listActiveTiers } from "@/features/subscriptions/server";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { addInvoices, addProject, createTestClient, demoClientActor } from "@tests/integration/helpers/portal";

const t = setupTestDatabase({ seedDemo: true });
let acme: ClientActor;
let globex: ClientActor;

beforeAll(async () => {
  acme = await demoClientActor("client@example.com");
  globex = await demoClientActor("client2@example.com");
});

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
const demoIds = (rows: readonly { id: string; clientId: string }[], clientId: string) =>
  rows.filter((row) => row.clientId === clientId).map((row) => row.id);

describe("listPortalProjects", () => {
  it("gives Acme its five projects with invoice figures, cancelled invoices excluded", async () => {
    const rows = await listPortalProjects(t.db, { actor: acme });
    // Target completion descending; the project without one comes first (PostgreSQL's default).
    expect(
      rows.map(({ projectName, figures: f }) => [projectName, f!.invoiceCount, f!.billedCents, f!.paidCents, f!.outstandingCents]),
    ).toEqual([
      ["Red Team Retest", 0, 0, 0, 0],
      ["Copilot Rollout Acceleration", 1, 875_000, 0, 875_000], // INV-1004 overdue, nothing paid
      ["LLM Gateway Security Assessment", 1, 4_800_000, 1_920_000, 2_880_000], // INV-1001 deposit paid
      ["Continuous Security Testing 2026", 0, 0, 0, 0], // the analytics' year of findings, not invoiced
      ["AI Governance Framework", 2, 3_750_050, 3_750_050, 0], // INV-1002 + INV-1003, both paid
    ]);
    expect(rows.map(({ figures: f }) => percentOf(f!.paidCents, f!.billedCents))).toEqual([0, 0, 40, 0, 100]);
    expect(new Set(ids(rows))).toEqual(new Set(demoIds(DEMO_PROJECTS, DEMO_CLIENTS.acme.id)));
  });

  it("gives Globex its three projects; the cancelled invoice of the cancelled project counts nowhere", async () => {
    const rows = await listPortalProjects(t.db, { actor: globex });
    expect(
      rows.map(({ projectName, status, figures: f }) => [
        projectName,
        status,
        f!.invoiceCount,
        f!.billedCents,
        f!.paidCents,
        f!.outstandingCents,
      ]),
    ).toEqual([
      ["RAG Pipeline Review", "in_progress", 1, 3_600_000, 1_800_000, 1_800_000],
      ["Model Supply-Chain Audit", "frozen", 2, 2_490_000, 1_500_000, 990_000], // INV-2002 paid + INV-2003 overdue
      ["Chatbot Pilot", "cancelled", 0, 0, 0, 0], // INV-2004 is cancelled
    ]);
    // 1,500,000 / 2,490,000 = 60.24 % → 60.
    expect(rows.map(({ figures: f }) => percentOf(f!.paidCents, f!.billedCents))).toEqual([50, 60, 0]);
    expect(new Set(ids(rows))).toEqual(new Set(demoIds(DEMO_PROJECTS, DEMO_CLIENTS.globex.id)));
  });
});

describe("getBillingSummary", () => {
  it("sums what Acme still owes on pending and overdue invoices", async () => {
    // INV-1001 4,800,000 − 1,920,000 + INV-1004 875,000 + INV-1006 3,000,000 − 1,400,000 + INV-1007 450,000.
    expect(await getBillingSummary(t.db, { actor: acme })).toEqual({
      balanceDueCents: 2_880_000 + 875_000 + 1_600_000 + 450_000,
      pendingCount: 3,
      overdueCount: 1,
      invoiceCount: 8,
    });
  });

  it("sums what Globex still owes", async () => {
    // INV-2001 3,600,000 − 1,800,000 + INV-2003 990,000 + INV-2005 725,000.
    expect(await getBillingSummary(t.db, { actor: globex })).toEqual({
      balanceDueCents: 1_800_000 + 990_000 + 725_000,
      pendingCount: 2,
      overdueCount: 1,
      invoiceCount: 5,
    });
  });
});

describe("listPortalInvoices", () => {
  it("lists Acme's invoices newest due date first with paid amounts and schedules", async () => {
    const rows = await listPortalInvoices(t.db, { actor: acme });
    expect(rows.map((i) => [i.invoiceNumber, i.status, i.amountCents, i.paidCents])).toEqual([
      ["INV-1001", "pending", 4_800_000, 1_920_000],
      ["INV-1006", "pending", 3_000_000, 1_400_000],
      ["INV-1007", "pending", 450_000, 0],
      ["INV-1008", "paid", 650_000, 650_000],
      ["INV-1004", "overdue", 875_000, 0],
      ["INV-1003", "paid", 1_250_050, 1_250_050],
      ["INV-1005", "cancelled", 300_000, 0],
      ["INV-1002", "paid", 2_500_000, 2_500_000],
    ]);
    expect(new Set(ids(rows))).toEqual(new Set(demoIds(DEMO_INVOICES, DEMO_CLIENTS.acme.id)));

    const deposit = rows[0]!.paymentSchedule;
    expect(deposit.map(scheduleEntryState)).toEqual(["paid", "pending"]);
    expect(scheduleProgress(deposit)).toEqual({ paidCents: 1_920_000, totalCents: 4_800_000, percent: 40 });
    expect(nextScheduledPayment(deposit)).toEqual({ dueDate: "2026-12-20", remainingCents: 2_880_000 });

    const installments = rows[1]!.paymentSchedule;
    expect(installments.map(scheduleEntryState)).toEqual(["paid", "partial", "pending"]);
    // 1,400,000 / 3,000,000 = 46.67 % → 47.
    expect(scheduleProgress(installments)).toEqual({ paidCents: 1_400_000, totalCents: 3_000_000, percent: 47 });
    expect(nextScheduledPayment(installments)).toEqual({ dueDate: "2026-11-15", remainingCents: 600_000 });
    expect(rows[0]!.acceptedPaymentMethods).toEqual({ card: true, bankAccount: true, cashAppPay: true });
    expect(rows[0]!.squarePaymentUrl).toBe("https://squareup.com/pay-invoice/demo-inv-1001");
  });

  it("lists Globex's invoices only, and pages without overlap", async () => {
    const rows = await listPortalInvoices(t.db, { actor: globex });
    expect(rows.map((i) => i.invoiceNumber)).toEqual(["INV-2001", "INV-2005", "INV-2003", "INV-2002", "INV-2004"]);
    expect(new Set(ids(rows))).toEqual(new Set(demoIds(DEMO_INVOICES, DEMO_CLIENTS.globex.id)));
    expect(rows[0]!.paymentSchedule.map(scheduleEntryState)).toEqual(["paid", "pending"]);
    expect(scheduleProgress(rows[0]!.paymentSchedule).percent).toBe(50);

    const first = await listPortalInvoices(t.db, { actor: globex, limit: 2 });
    const second = await listPortalInvoices(t.db, { actor: globex, limit: 2, offset: 2 });
    const third = await listPortalInvoices(t.db, { actor: globex, limit: 2, offset: 4 });
    expect([...first, ...second, ...third].map((i) => i.invoiceNumber)).toEqual(rows.map((i) => i.invoiceNumber));
  });
});

describe("invoice money rules", () => {
  it("caps payments at the amount, counts paid invoices in full and rounds progress", async () => {
    const actor = await createTestClient(t.db, "Rules Client");
    const half = await addProject(t.db, actor, { projectName: "Half a percent", targetCompletionDate: "2027-03-01" });
    const twoThirds = await addProject(t.db, actor, { projectName: "Two thirds", targetCompletionDate: "2027-02-01" });
    const capped = await addProject(t.db, actor, { projectName: "Overpaid", targetCompletionDate: "2027-01-01" });
    await addInvoices(t.db, actor, [
      { projectId: half, amountCents: 200, status: "pending", totalPaidCents: 1 }, // 0.5 % → 1
      { projectId: twoThirds, amountCents: 300, status: "pending", totalPaidCents: 200 }, // 66.67 % → 67
      { projectId: capped, amountCents: 1_000, status: "overdue", totalPaidCents: 1_500 }, // capped at 1,000
      { projectId: capped, amountCents: 500, status: "paid", totalPaidCents: 0 }, // paid: the whole amount
      { projectId: capped, amountCents: 700, status: "cancelled", totalPaidCents: 700 }, // not billed
    ]);
    const rows = await listPortalProjects(t.db, { actor });
    expect(
      rows.map(({ projectName, figures: f }) => [
        projectName,
        f!.invoiceCount,
        f!.billedCents,
        f!.paidCents,
        f!.outstandingCents,
        percentOf(f!.paidCents, f!.billedCents),
      ]),
    ).toEqual([
      ["Half a percent", 1, 200, 1, 199, 1],
      ["Two thirds", 1, 300, 200, 100, 67],
      ["Overpaid", 2, 1_500, 1_500, 0, 100],
    ]);
    // Balance: 199 + 100 + 0 (the overdue invoice is over-paid, never negative).
    expect(await getBillingSummary(t.db, { actor })).toEqual({ balanceDueCents: 299, pendingCount: 2, overdueCount: 1, invoiceCount: 5 });
    const invoices = await listPortalInvoices(t.db, { actor });
    expect(invoices.map((i) => i.paidCents).sort((a, b) => a - b)).toEqual([1, 200, 500, 700, 1_000]);
  });

  it("gives a client without any data zeros and empty lists", async () => {
    const actor = await createTestClient(t.db, "Empty Client");
    expect(await listPortalProjects(t.db, { actor })).toEqual([]);
    expect(await listPortalInvoices(t.db, { actor })).toEqual([]);
    expect(await getBillingSummary(t.db, { actor })).toEqual({ balanceDueCents: 0, pendingCount: 0, overdueCount: 0, invoiceCount: 0 });
    expect((await getOverview(t.db, { actor })).stats).toEqual({
      totalDocuments: 0,
      activeProjects: 0,
      upcomingMeetings: 0,
      unreadMessages: 0,
    });
    expect((await getOverview(t.db, { actor })).billing).toEqual({ balanceDueCents: 0, pendingCount: 0, overdueCount: 0, invoiceCount: 0 });
    expect(await listPortalDocuments(t.db, { actor })).toEqual([]);
    expect(await getPortalPlanState(t.db, { actor })).toEqual({ subscription: null, planRequest: null });
    expect(await listRecentBookings(t.db, { actor })).toEqual([]);
  });
});

describe("getOverview", () => {
  it("counts documents and engagements in progress or on hold (never booking requests) per client, with each one's names and balance", async () => {
    // Acme's approved demo booking starts three weeks after seeding: one upcoming meeting.
    const a = await getOverview(t.db, { actor: acme });
    expect(a.stats).toEqual({ totalDocuments: 4, activeProjects: 2, upcomingMeetings: 1, unreadMessages: 0 });
    expect(a.profile.company).toBe("Acme Robotics");
    expect(a.billing).toEqual(await getBillingSummary(t.db, { actor: acme }));
    // Globex's engagement in progress counts (its frozen and cancelled ones do not); its pending booking is no project.
    const g = await getOverview(t.db, { actor: globex });
    expect(g.stats).toEqual({ totalDocuments: 3, activeProjects: 1, upcomingMeetings: 0, unreadMessages: 0 });
    expect(g.profile.company).toBe("Globex Systems");
    expect(g.billing).toEqual(await getBillingSummary(t.db, { actor: globex }));
    expect(g.billing!.balanceDueCents).not.toBe(a.billing!.balanceDueCents);
  });

  it("reads no Billing figure for a member from whom it is withheld", async () => {
    expect((await getOverview(t.db, { actor: { ...acme, personRole: "member", billingWithheld: true } })).billing).toBeNull();
  });
});

describe("listPortalRates", () => {
  it("lists each client's own rates by service type", async () => {
    const a = await listPortalRates(t.db, { actor: acme });
    expect(a.isDefault).toBe(false);
    expect(a.rates.map((r) => [r.serviceType, r.hourlyRateCents, r.monthlyRetainerCents, r.discountTier])).toEqual([
      ["AI Security Assessment", 32_500, 2_300_000, "Preferred"],
      ["AI Security Governance", 28_000, null, null],
    ]);
    expect(new Set(ids(a.rates))).toEqual(new Set(demoIds(DEMO_RATES, DEMO_CLIENTS.acme.id)));
    const g = await listPortalRates(t.db, { actor: globex });
    expect(g.rates.map((r) => [r.serviceType, r.hourlyRateCents, r.monthlyRetainerCents, r.discountTier])).toEqual([
      ["AI Engineering Acceleration", 26_000, 1_700_000, "Startup"],
      ["AI Security Assessment", 33_000, null, null],
    ]);
    expect(new Set(ids(g.rates))).toEqual(new Set(demoIds(DEMO_RATES, DEMO_CLIENTS.globex.id)));
  });

  it("falls back to the three default rate cards", async () => {
    const actor = await createTestClient(t.db, "No Rates");
    const result = await listPortalRates(t.db, { actor });
    expect(result.isDefault).toBe(true);
    expect(result.rates.map((r) => [r.serviceType, r.hourlyRateCents, r.monthlyRetainerCents])).toEqual([
      ["AI Security Assessment", 35_000, 2_500_000],
      ["AI Security Governance", 30_000, 2_000_000],
      ["AI Engineering Acceleration", 27_500, 1_800_000],
    ]);
  });
});

describe("listPortalDocuments", () => {
  it("lists each client's documents newest first, without storage keys", async () => {
    const a = await listPortalDocuments(t.db, { actor: acme });
    expect(a.map((d) => d.name)).toEqual([
      "LLM Gateway Threat Model.pdf",
      "Governance Policy Pack.docx",
      "INV-1002 Receipt.pdf",
      "Master Services Agreement.pdf",
    ]);
    expect(new Set(ids(a))).toEqual(new Set(demoIds(DEMO_DOCUMENTS, DEMO_CLIENTS.acme.id)));
    expect(Object.keys(a[0]!).sort()).toEqual(["category", "downloads", "fileSize", "id", "mimeType", "name", "uploadedAt"]);
    expect(a[0]!.uploadedAt).toBe("2026-10-02T10:30:00.000Z");
    const g = await listPortalDocuments(t.db, { actor: globex });
    expect(g.map((d) => d.name)).toEqual(["RAG Findings Summary.pdf", "Agent Launch Readiness Checklist.pdf", "Statement of Work.pdf"]);
    expect(new Set(ids(g))).toEqual(new Set(demoIds(DEMO_DOCUMENTS, DEMO_CLIENTS.globex.id)));
  });
});

describe("support plans", () => {
  it("lists the active tiers in display order for every client", async () => {
    for (const actor of [acme, globex]) {
      const tiers = await listActiveTiers(t.db, { actor });
      expect(tiers.map((tier) => [tier.tierName, tier.monthlyPriceCents])).toEqual(
        DEMO_TIERS.map((tier) => [tier.tierName, tier.monthlyPriceCents]),
      );
    }
  });

  it("gives Acme its active Professional plan and Globex none (its only plan is cancelled)", async () => {
    const { subscription: sub } = await getPortalPlanState(t.db, { actor: acme });
    expect(sub).toMatchObject({ tierName: "Professional", monthlyPriceCents: 650_000, currentPeriodEnd: "2026-12-01T00:00:00.000Z" });
    expect(sub).toMatchObject({ managedBySquare: true, cancelAtPeriodEnd: false, nextTier: null });
    expect(await getPortalPlanState(t.db, { actor: globex })).toEqual({ subscription: null, planRequest: null });
  });
});

describe("listRecentBookings and getPortalProfile", () => {
  it("lists each client's own booking requests", async () => {
    expect(new Set(ids(await listRecentBookings(t.db, { actor: acme })))).toEqual(new Set(demoIds(DEMO_BOOKINGS, DEMO_CLIENTS.acme.id)));
    expect(new Set(ids(await listRecentBookings(t.db, { actor: globex })))).toEqual(
      new Set(demoIds(DEMO_BOOKINGS, DEMO_CLIENTS.globex.id)),
    );
  });

  it("reads each client's own account record and sign-in email", async () => {
    const { acme: a, globex: g } = DEMO_CLIENTS;
    expect(await getPortalProfile(t.db, { actor: acme })).toEqual({
      company: a.company,
      contactPerson: a.contactPerson,
      contactEmail: a.contactEmail,
      phone: a.phone,
      address: a.address,
      joinedDate: a.joinedDate,
      billingWithheldFromMembers: false,
      reportsWithheldFromMembers: false,
      findingsWithheldFromMembers: false,
      signInEmail: "client@example.com",
      currentUserId: acme.userId,
      personName: acme.name,
      canEditCompany: true,
    });
    expect(await getPortalProfile(t.db, { actor: globex })).toMatchObject({ company: g.company, signInEmail: "client2@example.com" });
  });

  it("refuses an actor that is not a client", async () => {
    const admin = { role: "admin", userId: "demo-admin", email: "admin@example.com", name: "Avery Admin" } as const;
    // @ts-expect-error: the types refuse it already; the runtime check is the second lock.
    await expect(listPortalProjects(t.db, { actor: admin })).rejects.toMatchObject({ code: "forbidden" });
  });
});
