// One tenancy per engagement (docs/PRODUCT.md#admin-projects): once anything was made for a
// project's client its client no longer changes, and a row whose copied client_id went stale
// (a hand edit of `projects.client_id`) opens nothing to either company: every portal read and the
// sign route also ask the project itself.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { POST as signRoute } from "@/app/api/client/authorizations/[id]/sign/route";
import { invoices } from "@/features/invoices/server/schema";
import { projects } from "@/features/projects/server/schema";
import {
  DEMO_CLIENTS,
  DEMO_INVOICES,
  DEMO_LETTER,
  DEMO_PASSWORDS,
  DEMO_PROJECTS,
  DEMO_REPORTS,
  DEMO_USERS,
} from "@/features/demo/server/demo-data";
import { getLetterForPdf, listPortalLetters } from "@/features/attestations/server";
import { getPortalProjectAuthorization, saveAuthorizationDraft, sendAuthorization, testingBlocker } from "@/features/authorizations/server";
import { listClientFindings } from "@/features/findings/server";
import { createFinding } from "@/features/findings/server/findings-write";
import { createProject, listAdminProjects, updateProject } from "@/features/projects/server";
import { clientLockedSql } from "@/features/projectadmin/server";
import { assertTestingAuthorized } from "@/features/authorizations/server";
import { listPortalReports, requestReportDownload } from "@/features/reports/server";
import { adminActor, clientActor } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });
const ACME = DEMO_CLIENTS.acme.id;
const GLOBEX = DEMO_CLIENTS.globex.id;
const gateway = DEMO_PROJECTS[0]!;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function newProject(name: string) {
  return createProject(t.db, { actor: await adminActor(), input: { clientId: ACME, projectName: name } as never });
}

async function moveTo(project: { id: string; projectName: string; startDate: string }, clientId: string) {
  return updateProject(t.db, {
    actor: await adminActor(),
    input: { id: project.id, projectName: project.projectName, clientId, startDate: project.startDate, status: "open" } as never,
    clientLocked: clientLockedSql,
    testingGate: assertTestingAuthorized,
  });
}

async function sentVersion(projectId: string) {
  const admin = await adminActor();
  const input = {
    projectId,
    inScope: ["https://gateway.acme.test"],
    outOfScope: [],
    windowStart: day(0),
    windowEnd: day(14),
    testers: ["Avery Admin"],
    emergencyContacts: ["Jordan Lee, +1 555 0100"],
    price: "Covered by the Growth plan",
    terms: "Test only what is in scope.",
  };
  const { id } = await saveAuthorizationDraft(t.db, { actor: admin, input: input as never });
  return { id, ...(await sendAuthorization(t.db, { actor: admin, authorizationId: id })) };
}

async function ownerSigns(email: string, id: string, documentHash: string) {
  const cookie = await sessionCookie(email);
  const headers = authHeaders(cookie);
  headers.set("content-type", "application/json");
  const request = new Request(`${APP_ORIGIN}/api/client/authorizations/${id}/sign`, {
    method: "POST",
    headers,
    body: JSON.stringify({ fullName: "Jordan Lee", entitled: true, documentHash, password: DEMO_PASSWORDS.client }),
  });
  return signRoute(request, { params: Promise.resolve({ id }) });
}

describe("a project's client", () => {
  it("moves while nothing hangs off the project, and never once anything does", async () => {
    const admin = await adminActor();
    const empty = await newProject("Filed under the wrong client");
    expect((await moveTo(empty, GLOBEX)).clientId).toBe(GLOBEX);

    const withFinding = await newProject("Has a finding");
    await createFinding(t.db, { actor: admin, projectId: withFinding.id, input: { title: "Prompt injection", severity: "high" } });
    const withAuthorization = await newProject("Has an authorization draft");
    await sentVersion(withAuthorization.id);
    const withInvoice = await newProject("Has a linked invoice");
    await t.db.update(invoices).set({ projectId: withInvoice.id }).where(eq(invoices.id, DEMO_INVOICES[4]!.id));
    // The demo's gateway engagement has findings, reports, a letter and invoices.
    for (const project of [withFinding, withAuthorization, withInvoice, gateway]) {
      await expect(moveTo(project, GLOBEX)).rejects.toMatchObject({
        code: "bad_request",
        message: "Create a new engagement for the other client",
      });
      const [row] = await t.db.select({ clientId: projects.clientId }).from(projects).where(eq(projects.id, project.id));
      expect(row!.clientId).toBe(ACME);
    }
    // Editing the rest of a locked project keeps working.
    expect((await moveTo(withFinding, ACME)).clientId).toBe(ACME);

    const listed = await listAdminProjects(t.db, { actor: admin, clientLocked: clientLockedSql, q: "Has a", pageSize: 50 });
    expect(listed.rows.map((r) => [r.projectName, r.clientLocked]).sort()).toEqual([
      ["Has a finding", true],
      ["Has a linked invoice", true],
      ["Has an authorization draft", true],
    ]);
    const fresh = await newProject("Nothing yet");
    expect((await listAdminProjects(t.db, { actor: admin, clientLocked: clientLockedSql, q: "Nothing yet" })).rows[0]!.clientLocked).toBe(
      false,
    );
    expect(fresh.clientId).toBe(ACME);
  });

  it("a stale copied client id opens the sign route and the gate to neither company", async () => {
    const project = await newProject("Moved behind the guard's back");
    const { id, documentHash } = await sentVersion(project.id);
    // As if moved by a hand edit: only the project row changes.
    await t.db.execute(sql`update projects set client_id = ${GLOBEX} where id = ${project.id}`);

    expect((await ownerSigns(DEMO_USERS.acme.email, id, documentHash)).status).toBe(404);
    expect((await ownerSigns(DEMO_USERS.globex.email, id, documentHash)).status).toBe(404);
    expect(await getPortalProjectAuthorization(t.db, { actor: await clientActor(), projectId: project.id })).toBeNull();
    // Globex owns the project now but reads none of the versions made for Acme (nor Acme's signers).
    expect(
      await getPortalProjectAuthorization(t.db, { actor: await clientActor(DEMO_USERS.globex.email), projectId: project.id }),
    ).toMatchObject({
      versions: [],
    });
    expect(await testingBlocker(t.db, project.id)).toContain("No testing authorization yet");
  });

  it("a stale copied client id on findings, reports and letters shows them to neither company", async () => {
    const acme = await clientActor();
    const globex = await clientActor(DEMO_USERS.globex.email);
    const findingsOf = async (actor: typeof acme) =>
      (await listClientFindings(t.db, { actor, filter: { overdue: false, closed: true } })).items.map((f) => f.projectId);
    expect(await findingsOf(acme)).toContain(gateway.id);
    expect((await listPortalReports(t.db, { actor: acme })).map((r) => r.id)).toContain(DEMO_REPORTS[0]!.id);
    expect((await listPortalLetters(t.db, { actor: acme })).map((l) => l.id)).toContain(DEMO_LETTER.id);

    await t.db.execute(sql`update projects set client_id = ${GLOBEX} where id = ${gateway.id}`);
    for (const actor of [acme, globex]) {
      expect(await findingsOf(actor)).not.toContain(gateway.id);
      expect((await listPortalReports(t.db, { actor })).map((r) => r.id)).not.toContain(DEMO_REPORTS[0]!.id);
      expect((await listPortalLetters(t.db, { actor })).map((l) => l.id)).not.toContain(DEMO_LETTER.id);
      await expect(getLetterForPdf(t.db, { actor, letterId: DEMO_LETTER.id })).rejects.toMatchObject({ code: "not_found" });
      await expect(
        requestReportDownload(t.db, { actor, reportId: DEMO_REPORTS[0]!.id, from: { clientAddress: "203.0.113.9", userAgent: "test" } }),
      ).rejects.toMatchObject({ code: "not_found" });
    }
  });
});
