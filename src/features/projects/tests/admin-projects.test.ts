// Project writes and invoice links: the projects screen's actions, all audited, all-or-nothing.
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createProjectAction, getProjectInvoicesAction, linkInvoicesAction, unlinkInvoiceAction } from "@/features/projects/actions/admin";
import { setProjectStatusAction, updateProjectAction } from "@/features/projectadmin/actions/admin";
import { auditLog } from "@/features/audit/server/schema";
import { invoices } from "@/features/invoices/server/schema";
import { projects } from "@/features/projects/server/schema";
import { DEMO_CLIENTS, DEMO_INVOICES, DEMO_PROJECTS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { authHeaders } from "@tests/integration/helpers/auth";
import { adminCookie } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
const t = setupTestDatabase({ seedDemo: true });

let cookie = "";
beforeAll(async () => {
  cookie = await adminCookie();
});
const asAdmin = () => {
  requestHeaders.current = authHeaders(cookie);
};
const inv = (n: string) => DEMO_INVOICES.find((i) => i.invoiceNumber === n)!;
const link = (input: { projectId: string; invoiceIds: (string | undefined)[] }) => {
  asAdmin();
  return linkInvoicesAction(input as { projectId: string; invoiceIds: string[] });
};
const projectIdsOf = async (ids: string[]) =>
  Object.fromEntries(
    (await t.db.select({ id: invoices.id, projectId: invoices.projectId }).from(invoices).where(inArray(invoices.id, ids))).map((r) => [
      r.id,
      r.projectId,
    ]),
  );
const auditOf = (entityId: string) => t.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.id);

describe("project create, edit and status", () => {
  it("creates an open project and records it in the audit log", async () => {
    asAdmin();
    const result = await createProjectAction({
      projectName: "  Prompt Firewall  ",
      clientId: DEMO_CLIENTS.globex.id,
      startDate: "2026-12-01",
      description: "",
      targetCompletionDate: "",
    });
    expect(result.success).toBe(true);
    const id = (result as { data: { id: string } }).data.id;
    const [row] = await t.db.select().from(projects).where(eq(projects.id, id));
    expect(row).toMatchObject({
      projectName: "Prompt Firewall",
      status: "open",
      description: null,
      targetCompletionDate: null,
      startDate: "2026-12-01",
    });
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: "project.create", actorUserId: DEMO_USERS.admin.id, before: null });
    expect(entry!.after).toMatchObject({ projectName: "Prompt Firewall", status: "open" });
  });

  it("refuses bad input with field errors and an unknown client", async () => {
    asAdmin();
    const missing = await createProjectAction({ projectName: " ", clientId: DEMO_CLIENTS.acme.id, startDate: "2026-02-30" });
    expect(missing).toMatchObject({
      success: false,
      fieldErrors: { projectName: "Project name is required", startDate: "Not a real date" },
    });
    const unknown = await createProjectAction({
      projectName: "X",
      clientId: "00000000-0000-4000-8000-000000000999",
      startDate: "2026-01-01",
    });
    expect(unknown).toMatchObject({ success: false, error: "Client not found" });
    const nul = await createProjectAction({ projectName: "bad\u0000name", clientId: DEMO_CLIENTS.acme.id, startDate: "2026-01-01" });
    expect(nul).toMatchObject({ success: false });
  });

  it("edits a project with before/after in the audit log", async () => {
    asAdmin();
    const p = DEMO_PROJECTS[3];
    const result = await updateProjectAction({
      id: p.id,
      projectName: "Red Team Retest (Q1)",
      clientId: p.clientId,
      startDate: p.startDate,
      status: "in_progress",
      notes: "Kick-off booked",
      targetCompletionDate: "2027-03-31",
    });
    expect(result.success).toBe(true);
    const [row] = await t.db.select().from(projects).where(eq(projects.id, p.id));
    expect(row).toMatchObject({
      projectName: "Red Team Retest (Q1)",
      status: "in_progress",
      notes: "Kick-off booked",
      targetCompletionDate: "2027-03-31",
    });
    const [entry] = await auditOf(p.id);
    expect(entry).toMatchObject({ action: "project.update" });
    expect(entry!.before).toMatchObject({ projectName: "Red Team Retest", status: "open" });
    expect(entry!.after).toMatchObject({ projectName: "Red Team Retest (Q1)", status: "in_progress" });
  });

  it("changes status inline, reports the affected rows, and 0 for an unknown project", async () => {
    asAdmin();
    const p = DEMO_PROJECTS.find((project) => project.projectName === "RAG Pipeline Review")!;
    expect(await setProjectStatusAction({ projectId: p.id, status: "on_hold" })).toEqual({
      success: true,
      data: { project: { id: p.id, projectName: p.projectName, status: "on_hold" } },
    });
    const audit = await auditOf(p.id);
    expect(audit.at(-1)).toMatchObject({ action: "project.status", before: { status: "in_progress" }, after: { status: "on_hold" } });
    expect(await setProjectStatusAction({ projectId: "00000000-0000-4000-8000-000000000999", status: "open" })).toEqual({
      success: false,
      error: "Project not found",
      code: "not_found",
    });
    expect(await setProjectStatusAction({ projectId: p.id, status: "bogus" as "open" })).toMatchObject({
      success: false,
      error: "Unknown project status",
    });
  });
});

describe("linkInvoicesAction", () => {
  const project = DEMO_PROJECTS[0]; // Acme
  const own = [inv("INV-1006").id, inv("INV-1007").id];

  it("refuses another client's invoice and changes nothing", async () => {
    expect(await link({ projectId: project.id, invoiceIds: [...own, inv("INV-2005").id] })).toEqual({
      success: false,
      error: "Only invoices of the project's client can be linked. Nothing was linked.",
      code: "bad_request",
    });
    expect(await projectIdsOf([...own, inv("INV-2005").id])).toEqual({ [own[0]!]: null, [own[1]!]: null, [inv("INV-2005").id]: null });
  });

  it("refuses unknown ids, an empty list and a malformed project id", async () => {
    const unknown = await link({ projectId: project.id, invoiceIds: [own[0], "00000000-0000-4000-8000-000000000999"] });
    expect(unknown).toMatchObject({ success: false, code: "bad_request", error: expect.stringMatching(/not found/) });
    expect(await projectIdsOf(own)).toEqual({ [own[0]!]: null, [own[1]!]: null });
    expect(await link({ projectId: project.id, invoiceIds: [] })).toMatchObject({ success: false, error: "Select at least one invoice" });
    expect(await link({ projectId: "x", invoiceIds: own })).toMatchObject({ success: false, code: "bad_request" });
    const noProject = await link({ projectId: "00000000-0000-4000-8000-000000000999", invoiceIds: own });
    expect(noProject).toMatchObject({ success: false, code: "bad_request" });
  });

  it("links the project's client invoices in one call and audits it", async () => {
    expect(await link({ projectId: project.id, invoiceIds: own })).toEqual({ success: true, data: { linkedCount: 2 } });
    expect(await projectIdsOf(own)).toEqual({ [own[0]!]: project.id, [own[1]!]: project.id });
    const entry = (await auditOf(project.id)).find((a) => a.action === "project.link_invoices");
    expect(entry?.after).toEqual(own.map((invoiceId) => ({ invoiceId, projectId: project.id })));
  });

  it("shows linked and unlinked invoices with totals, and unlinks one", async () => {
    asAdmin();
    const before = await getProjectInvoicesAction({ projectId: project.id });
    expect(before.success).toBe(true);
    const data = (before as { data: Awaited<ReturnType<typeof import("@/features/projects/server/admin-projects").getProjectInvoices>> })
      .data;
    expect(data.linked.map((i) => i.invoiceNumber).sort()).toEqual(["INV-1001", "INV-1006", "INV-1007"]);
    // Only Acme's own unlinked invoices are offered (INV-1008 is its support plan's last period).
    expect(data.unlinked.map((i) => i.invoiceNumber)).toEqual(["INV-1008", "INV-1005"]);
    expect(data.totals).toEqual({
      invoiceCount: 3,
      totalBilledCents: 4_800_000 + 3_000_000 + 450_000,
      totalPaidCents: 1_920_000 + 1_400_000,
    });

    expect(await unlinkInvoiceAction({ invoiceId: own[1]! })).toEqual({ success: true, data: { unlinked: true } });
    expect(await projectIdsOf(own)).toEqual({ [own[0]!]: project.id, [own[1]!]: null });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, own[1]!), eq(auditLog.action, "invoice.unlink")));
    expect(entry).toMatchObject({ before: { projectId: project.id }, after: { projectId: null } });
  });
});
