import { describe, expect, it } from "vitest";
import { countQueries } from "@/server/core/db/query-counter";
import { DEMO_CLIENTS, DEMO_DOCUMENTS, DEMO_PROJECTS } from "@/features/demo/server/demo-data";
import { listAuthorizationsToCountersign } from "@/features/authorizations/server";
import { listAdminClients } from "@/features/clients/server";
import { clientInvoiceTotalsSql } from "@/features/invoices/server";
import { listPendingBookings } from "@/features/bookings/server";
import { getAdminNavCounts, getDashboardStats } from "@/features/dashboard/server";
import { countUnreadInquiries, listRecentInquiries, markInquiryRead } from "@/features/inquiries/server";
import { countAdminUnreadThreads } from "@/features/messages/server";
import { listAdminDocuments } from "@/features/documents/server";
import { listAdminProjects } from "@/features/projects/server";
import { clientLockedSql } from "@/features/projectadmin/server";
import { getSubscriptionStats, listAdminSubscriptions } from "@/features/subscriptions/server";
import { adminActor, clientActor } from "./helpers/admin-session";
import { setupTestDatabase } from "./helpers/db";

const t = setupTestDatabase({ seedDemo: true });

describe("admin clients list", () => {
  it("computes balance (pending + overdue, minus what was paid) and invoice count in one query", async () => {
    const actor = await adminActor();
    const { result, queries } = await countQueries(() => listAdminClients(t.db, { actor, totals: clientInvoiceTotalsSql }));
    expect(queries).toBe(1);
    expect(result.total).toBe(2);
    expect(result.rows).toEqual([
      expect.objectContaining({
        id: DEMO_CLIENTS.acme.id,
        company: "Acme Robotics",
        email: "client@example.com",
        status: "active",
        // INV-1001 48,000 − 19,200 paid + INV-1004 8,750 + INV-1006 30,000 − 14,000 paid + INV-1007 4,500
        balanceCents: 2_880_000 + 875_000 + 1_600_000 + 450_000,
        // with INV-1008, the plan's paid period
        invoiceCount: 8,
      }),
      expect.objectContaining({
        id: DEMO_CLIENTS.globex.id,
        company: "Globex Systems",
        email: "client2@example.com",
        // INV-2001 36,000 − 18,000 paid + INV-2003 9,900 + INV-2005 7,250
        balanceCents: 1_800_000 + 990_000 + 725_000,
        invoiceCount: 5,
      }),
    ]);
  });

  it("searches company, contact person and email case-insensitively, wildcards taken literally", async () => {
    const actor = await adminActor();
    const names = async (q: string) =>
      (await listAdminClients(t.db, { actor, totals: clientInvoiceTotalsSql, q })).rows.map((r) => r.company);
    expect(await names("ACME")).toEqual(["Acme Robotics"]);
    expect(await names("sam rivera")).toEqual(["Globex Systems"]);
    expect(await names("CLIENT2@")).toEqual(["Globex Systems"]);
    expect(await names("%")).toEqual([]);
    expect(await names("_")).toEqual([]);
    expect(await names("example.com")).toEqual(["Acme Robotics", "Globex Systems"]);
  });

  it("paginates on the server", async () => {
    const actor = await adminActor();
    const first = await listAdminClients(t.db, { actor, totals: clientInvoiceTotalsSql, page: 1, pageSize: 1 });
    const second = await listAdminClients(t.db, { actor, totals: clientInvoiceTotalsSql, page: 2, pageSize: 1 });
    expect([first.total, second.total]).toEqual([2, 2]);
    expect([...first.rows, ...second.rows].map((r) => r.company)).toEqual(["Acme Robotics", "Globex Systems"]);
  });

  it("refuses a client actor", async () => {
    const actor = await clientActor();
    // @ts-expect-error: the runtime check backs the type.
    await expect(listAdminClients(t.db, { actor, totals: clientInvoiceTotalsSql })).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("admin projects list", () => {
  it("derives count, billed, paid and outstanding per project in one query, cancelled excluded", async () => {
    const actor = await adminActor();
    const { result, queries } = await countQueries(() => listAdminProjects(t.db, { actor, clientLocked: clientLockedSql }));
    expect(queries).toBe(1);
    expect(result.total).toBe(DEMO_PROJECTS.length);
    const byName = Object.fromEntries(result.rows.map((r) => [r.projectName, r]));
    expect(byName["LLM Gateway Security Assessment"]).toMatchObject({
      company: "Acme Robotics",
      invoiceCount: 1,
      totalBilledCents: 4_800_000,
      totalPaidCents: 1_920_000,
      outstandingCents: 2_880_000,
    });
    expect(byName["AI Governance Framework"]).toMatchObject({
      invoiceCount: 2,
      totalBilledCents: 3_750_050,
      totalPaidCents: 3_750_050,
      outstandingCents: 0,
    });
    expect(byName["Copilot Rollout Acceleration"]).toMatchObject({
      invoiceCount: 1,
      totalBilledCents: 875_000,
      totalPaidCents: 0,
      outstandingCents: 875_000,
    });
    expect(byName["Red Team Retest"]).toMatchObject({ invoiceCount: 0, totalBilledCents: 0, outstandingCents: 0 });
    // The demo's year of findings for the analytics: no invoice of its own.
    expect(byName["Continuous Security Testing 2026"]).toMatchObject({ invoiceCount: 0, totalBilledCents: 0 });
    expect(byName["Model Supply-Chain Audit"]).toMatchObject({
      invoiceCount: 2,
      totalBilledCents: 2_490_000,
      totalPaidCents: 1_500_000,
      outstandingCents: 990_000,
    });
    // Its only invoice is cancelled.
    expect(byName["Chatbot Pilot"]).toMatchObject({ invoiceCount: 0, totalBilledCents: 0 });
    // Ordered by status (active work first), then target completion.
    expect(result.rows.map((r) => r.projectName)).toEqual([
      "LLM Gateway Security Assessment",
      "RAG Pipeline Review",
      "Copilot Rollout Acceleration",
      "Red Team Retest",
      "Model Supply-Chain Audit",
      "AI Governance Framework",
      "Continuous Security Testing 2026",
      "Chatbot Pilot",
    ]);
  });

  it("filters by status and searches project name or client company", async () => {
    const actor = await adminActor();
    const names = async (q: string, status: "all" | "in_progress" = "all") =>
      (await listAdminProjects(t.db, { actor, clientLocked: clientLockedSql, q, status })).rows.map((r) => r.projectName).sort();
    expect(await names("", "in_progress")).toEqual(["LLM Gateway Security Assessment", "RAG Pipeline Review"]);
    expect(await names("globex")).toEqual(["Chatbot Pilot", "Model Supply-Chain Audit", "RAG Pipeline Review"]);
    expect(await names("rag pipe")).toEqual(["RAG Pipeline Review"]);
    expect(await names("acme", "in_progress")).toEqual(["LLM Gateway Security Assessment"]);
    expect(await names("100%")).toEqual([]);
  });
});

describe("dashboard, subscriptions and documents", () => {
  it("counts clients, active projects and outstanding revenue", async () => {
    const actor = await adminActor();
    const { result, queries } = await countQueries(() => getDashboardStats(t.db, { actor }));
    expect(queries).toBe(1);
    expect(result).toEqual({ totalClients: 2, activeProjects: 3, outstandingCents: 5_805_000 + 3_515_000, unmatchedInvoices: 0 });
  });

  it("lists pending bookings with the client and the total", async () => {
    const actor = await adminActor();
    const { bookings, total } = await listPendingBookings(t.db, { actor });
    expect(total).toBe(1);
    expect(bookings[0]).toMatchObject({ company: "Globex Systems", urgency: "high", serviceType: "AI Security Assessment" });
  });

  it("lists the newest inquiries with the unread count", async () => {
    const actor = await adminActor();
    const { inquiries, unread } = await listRecentInquiries(t.db, { actor });
    expect(unread).toBe(1);
    expect(inquiries[0]).toMatchObject({ name: "Morgan Chen", company: "Initech", readAt: null });
  });

  it("reads the admin sidebar's figures in one statement, as the counts read them one by one", async () => {
    const actor = await adminActor();
    const { result, queries } = await countQueries(() => getAdminNavCounts(t.db, { actor }));
    expect(queries).toBe(1);
    expect(result).toEqual({
      unreadInquiries: await countUnreadInquiries(t.db, { actor }),
      unreadThreads: await countAdminUnreadThreads(t.db, { actor }),
      toCountersign: (await listAuthorizationsToCountersign(t.db, { actor })).length,
    });
    expect(result.unreadInquiries).toBe(1);

    const { inquiries } = await listRecentInquiries(t.db, { actor });
    await markInquiryRead(t.db, { actor, inquiryId: inquiries.find((i) => i.readAt === null)!.id });
    expect((await getAdminNavCounts(t.db, { actor })).unreadInquiries).toBe(0);
  });

  it("computes MRR from active subscriptions", async () => {
    const actor = await adminActor();
    expect(await getSubscriptionStats(t.db, { actor })).toEqual({
      mrrCents: 650_000,
      // Acme's plan is run by Square: nothing of it waits to be billed by the firm.
      unbilledMrrCents: 0,
      unbilledCount: 0,
      activeCount: 1,
      averageMrrCents: 650_000,
      churnRatePercent: 0,
      hasAny: true,
    });
    const all = await listAdminSubscriptions(t.db, { actor });
    expect(all.rows.map((r) => [r.company, r.tierName, r.status])).toEqual(
      expect.arrayContaining([
        ["Acme Robotics", "Professional", "active"],
        ["Globex Systems", "Essential", "cancelled"],
      ]),
    );
    expect((await listAdminSubscriptions(t.db, { actor, q: "essent" })).rows.map((r) => r.company)).toEqual(["Globex Systems"]);
    expect((await listAdminSubscriptions(t.db, { actor, status: "paused" })).rows).toEqual([]);
  });

  it("lists every document with the company, newest first, filtered by name, client and category", async () => {
    const actor = await adminActor();
    const { rows, total } = await listAdminDocuments(t.db, { actor });
    expect(rows[0]).toMatchObject({ name: "RAG Findings Summary.pdf", company: "Globex Systems", downloadCount: 0 });
    expect(total).toBe(DEMO_DOCUMENTS.length);
    const globex = await listAdminDocuments(t.db, { actor, clientId: rows[0]!.clientId });
    expect(globex.rows.every((row) => row.company === "Globex Systems")).toBe(true);
    expect((await listAdminDocuments(t.db, { actor, q: "rag find" })).rows.map((row) => row.name)).toEqual(["RAG Findings Summary.pdf"]);
    expect((await listAdminDocuments(t.db, { actor, q: "%" })).rows).toEqual([]);
    const reports = await listAdminDocuments(t.db, { actor, category: "report" });
    expect(reports.rows.length).toBeGreaterThan(0);
    expect(reports.rows.every((row) => row.category === "report")).toBe(true);
  });
});
