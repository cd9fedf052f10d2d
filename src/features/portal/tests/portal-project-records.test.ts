// Every record leads to what belongs to it: the portal's project view (scoped by the session's
// client), the project timeline (its order and contents), the Overview's findings figures, and the
// firm's reads for a client page, each limited to the one company.
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminActor, ClientActor } from "@/server/core/actor";
import { findingEvents, findingRetests, findings } from "@/features/findings/server/schema/records";
import { invoices } from "@/features/invoices/server/schema";
import { messages, messageThreads } from "@/features/messages/server/schema";
import { reports } from "@/features/reports/server/schema";
import { listAuditLog, listRecentAccessForAdmin } from "@/features/audit/server";
import { getAdminClientDetails } from "@/features/clients/server";
import { getClientFindingsSummary } from "@/features/findings/server";
import { countClientUnreadMessages } from "@/features/messages/server";
import { loadPortalProject } from "@/features/portal/server";
import { getOverview } from "@/features/portal/server/portal-overview";
import { getAdminProjectTimeline, listClientProjectsForAdmin, setProjectStatus } from "@/features/projects/server";
import { assertTestingAuthorized } from "@/features/authorizations/server";
import { listClientReportsForAdmin } from "@/features/reports/server";
import { DEMO_CLIENTS } from "@/features/demo/server/demo-data";
import { adminActor } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { addProject, createTestClient, demoClientActor } from "@tests/integration/helpers/portal";

const t = setupTestDatabase({ seedDemo: true });
let admin: AdminActor;
let a: ClientActor;
let b: ClientActor;
let projectA: string;
let projectB: string;
let published: string;

const at = (iso: string) => new Date(`${iso}T12:00:00Z`);

beforeAll(async () => {
  admin = await adminActor();
  a = await createTestClient(t.db, "Records A");
  b = await createTestClient(t.db, "Records B");
  projectA = await addProject(t.db, a, { projectName: "A engagement" });
  projectB = await addProject(t.db, b, { projectName: "B engagement" });
  // A's project, dated so the timeline's order is known: created, invoiced, a finding published
  // and its retest asked, a report, a message; the status change (now) comes last.
  const { projects } = await import("@/features/projects/server/schema");
  const { eq } = await import("drizzle-orm");
  await t.db
    .update(projects)
    .set({ createdAt: at("2026-01-01") })
    .where(eq(projects.id, projectA));
  await t.db.insert(invoices).values({
    clientId: a.clientId,
    projectId: projectA,
    invoiceNumber: "REC-A-1",
    amountCents: 125_000,
    status: "pending",
    issuedDate: "2026-01-05",
    dueDate: "2026-01-20",
  });
  const [finding] = await t.db
    .insert(findings)
    .values({
      clientId: a.clientId,
      projectId: projectA,
      title: "A critical overdue",
      severity: "critical",
      status: "open",
      publishedAt: at("2026-01-10"),
      dueOn: "2026-01-17",
    })
    .returning({ id: findings.id });
  published = finding!.id;
  await t.db.insert(findings).values({ clientId: a.clientId, projectId: projectA, title: "A draft", severity: "high" });
  await t.db.insert(findingEvents).values({
    findingId: published,
    kind: "retest_requested",
    actorRole: "client",
    actorName: "Records A",
    createdAt: at("2026-01-12"),
  });
  await t.db.insert(findingRetests).values({ findingId: published, note: "Fixed, please check", requestedByName: "Records A" });
  await t.db.insert(reports).values({
    clientId: a.clientId,
    projectId: projectA,
    title: "A final report",
    version: 1,
    storageKey: `test/records/${projectA}.pdf`,
    fileSize: 10,
    publishedAt: at("2026-01-15"),
  });
  const [thread] = await t.db
    .insert(messageThreads)
    .values({ clientId: a.clientId, projectId: projectA, subject: "About A engagement", lastMessageAt: at("2026-01-20") })
    .returning({ id: messageThreads.id });
  await t.db
    .insert(messages)
    .values({ threadId: thread!.id, authorRole: "admin", authorName: "Avery Admin", body: "Hello", createdAt: at("2026-01-20") });
  // B's own records, which A must never see.
  await t.db.insert(findings).values({
    clientId: b.clientId,
    projectId: projectB,
    title: "B finding",
    severity: "critical",
    status: "open",
    publishedAt: at("2026-01-10"),
  });
  await t.db.insert(reports).values({
    clientId: b.clientId,
    projectId: projectB,
    title: "B report",
    version: 1,
    storageKey: `test/records/${projectB}.pdf`,
    fileSize: 10,
  });
  await setProjectStatus(t.db, { actor: admin, projectId: projectA, status: "in_progress", testingGate: assertTestingAuthorized });
});

describe("the portal's project view", () => {
  it("is the client's own project only: another company's project answers like a missing one", async () => {
    expect(await loadPortalProject(t.db, { actor: b, projectId: projectA })).toBeNull();
    expect(await loadPortalProject(t.db, { actor: a, projectId: projectB })).toBeNull();
    const demo = await demoClientActor("client@example.com");
    expect(await loadPortalProject(t.db, { actor: demo, projectId: projectA })).toBeNull();
  });

  it("holds the project's published findings, reports, invoices and conversations", async () => {
    const view = (await loadPortalProject(t.db, { actor: a, projectId: projectA }))!;
    expect(view.project.projectName).toBe("A engagement");
    expect(view.findings!.items.map((f) => f.title)).toEqual(["A critical overdue"]);
    expect(view.reports!.map((r) => r.title)).toEqual(["A final report"]);
    expect(view.invoices!.map((i) => i.invoiceNumber)).toEqual(["REC-A-1"]);
    expect(view.threads.map((th) => th.subject)).toEqual(["About A engagement"]);
    const bView = (await loadPortalProject(t.db, { actor: b, projectId: projectB }))!;
    expect(bView.findings!.items.map((f) => f.title)).toEqual(["B finding"]);
    expect(bView.reports!.map((r) => r.title)).toEqual(["B report"]);
    expect(bView.invoices).toEqual([]);
    expect(bView.threads).toEqual([]);
  });

  it("reads no invoice for a member from whom Billing is withheld", async () => {
    const view = (await loadPortalProject(t.db, { actor: { ...a, billingWithheld: true }, projectId: projectA }))!;
    expect(view.invoices).toBeNull();
    expect(view.timeline.some((entry) => entry.kind === "invoice")).toBe(false);
  });
});

describe("the project timeline", () => {
  it("lists what happened in time order, drafts left out, the same for the firm and the client", async () => {
    const view = (await loadPortalProject(t.db, { actor: a, projectId: projectA }))!;
    expect(view.timeline.map((entry) => [entry.kind, entry.title])).toEqual([
      ["project", "Project created"],
      ["invoice", "Invoice REC-A-1 issued"],
      ["finding", "Finding published: A critical overdue"],
      ["finding", "Retest requested: A critical overdue"],
      ["report", "Report published: A final report"],
      ["message", "Message from Avery Admin"],
      ["status", "Status changed"],
    ]);
    expect(view.timeline.at(-1)!.detail).toBe("open → in_progress");
    expect(view.timeline[2]!.refId).toBe(published);
    const times = view.timeline.map((entry) => Date.parse(entry.at));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    const firm = (await getAdminProjectTimeline(t.db, { actor: admin, projectId: projectA }))!;
    expect(firm.entries).toEqual(view.timeline);
    expect(firm.project.company).toBe(a.company);
  });

  it("is refused to a client as the firm's read", async () => {
    await expect(getAdminProjectTimeline(t.db, { actor: a as never, projectId: projectA })).rejects.toThrow(/Admins only/);
  });
});

describe("the Overview's findings figures", () => {
  it("counts the company's open findings by severity, overdue, retests waiting and reports to download", async () => {
    const overview = await getOverview(t.db, { actor: a });
    expect(overview.findings).toEqual({
      openBySeverity: { critical: 1, high: 0, medium: 0, low: 0, informational: 0 },
      open: 1,
      overdue: 1,
      retestsWaiting: 1,
    });
    expect(overview.overdueFindings.map((f) => [f.title, f.severity, f.projectName])).toEqual([
      ["A critical overdue", "critical", "A engagement"],
    ]);
    expect(overview.reportsToDownload).toBe(1);
    expect(overview.stats.unreadMessages).toBe(1);
    expect(await countClientUnreadMessages(t.db, { actor: a })).toBe(1);
    const other = await getOverview(t.db, { actor: b });
    expect(other.findings!.openBySeverity.critical).toBe(1);
    expect(other.findings!.overdue).toBe(0);
    expect(other.overdueFindings).toEqual([]);
    expect(other.stats.unreadMessages).toBe(0);
  });

  it("names the demo client's overdue critical finding", async () => {
    const acme = await demoClientActor("client@example.com");
    const overview = await getOverview(t.db, { actor: acme });
    expect(overview.overdueFindings.map((f) => f.id)).toContain("00000000-0000-4000-8000-f10000000002");
    expect(overview.findings!.openBySeverity.critical).toBeGreaterThan(0);
  });
});

describe("the firm's reads for a client page", () => {
  it("are limited to the one company", async () => {
    expect((await listClientProjectsForAdmin(t.db, { actor: admin, clientId: a.clientId })).map((p) => p.id)).toEqual([projectA]);
    expect((await listClientReportsForAdmin(t.db, { actor: admin, clientId: a.clientId })).map((r) => r.title)).toEqual(["A final report"]);
    expect(await getClientFindingsSummary(t.db, { actor: admin, clientId: b.clientId })).toEqual({
      openBySeverity: { critical: 1, high: 0, medium: 0, low: 0, informational: 0 },
      open: 1,
      overdue: 0,
      retestsWaiting: 0,
    });
    // Opening A's client page is a look in A's access log, and the audit log filtered to A shows it (never to B).
    await getAdminClientDetails(t.db, { actor: admin, clientId: a.clientId });
    expect((await listAuditLog(t.db, { actor: admin, client: a.clientId })).rows.map((row) => row.action)).toEqual(["client.page.view"]);
    expect((await listAuditLog(t.db, { actor: admin, client: b.clientId })).rows).toEqual([]);
    expect((await listRecentAccessForAdmin(t.db, { actor: admin, clientId: a.clientId })).map((entry) => entry.action)).toEqual([
      "client.page.view",
    ]);
    expect(await listRecentAccessForAdmin(t.db, { actor: admin, clientId: b.clientId })).toEqual([]);
    expect(await listClientProjectsForAdmin(t.db, { actor: admin, clientId: DEMO_CLIENTS.globex.id })).not.toContainEqual(
      expect.objectContaining({ id: projectA }),
    );
  });
});
