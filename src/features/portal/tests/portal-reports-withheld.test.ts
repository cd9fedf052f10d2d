// Reports withheld from members (docs/PRODUCT.md#portal-team): once an owner turns the switch on, a
// member of the company neither lists nor downloads the engagement reports and evidence packs, reads
// none in the Documents section or a project, cannot share them even where members may share, and a
// company API token (which acts as a member) is refused them too; the owners keep all of it, and
// turning the switch off gives the members their reports back.
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { GET as evidencePackRoute } from "@/app/api/v1/engagements/[id]/evidence-pack/route";
import { GET as apiReportsRoute } from "@/app/api/v1/reports/route";
import { POST as downloadRoute } from "@/app/api/client/reports/[id]/download/route";
import { GET as portalReports } from "@/app/api/client/reports/route";
import { REPORTS_WITHHELD_MESSAGE } from "@/lib/domain/member-access";
import { createApiToken } from "@/features/api/server";
import { auditLog } from "@/features/audit/server/schema";
import { setReportsWithheldAction } from "@/features/clients/actions/portal";
import { DEMO_PASSWORDS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { DEMO_EVIDENCE_PACK } from "@/features/demo/server/demo-evidence";
import { confirmFreshSecondFactor } from "@/features/identity/server";
import { loadPortalProject, loadPortalSection } from "@/features/portal/server";
import { createShareAction, setMembersMayShareAction } from "@/features/sharing/actions/portal";
import { clientActor } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const OWNER = DEMO_USERS.acme.email;
const MEMBER = DEMO_USERS.acmeMember.email;
const ENGAGEMENT = DEMO_EVIDENCE_PACK.projectId;

/** A session of `email` that proved its password (the step-up a report download asks for). */
async function proved(email: string): Promise<string> {
  const cookie = await sessionCookie(email);
  await confirmFreshSecondFactor(t.db, authHeaders(cookie), { password: DEMO_PASSWORDS.client });
  return cookie;
}

async function as<T>(cookie: string, run: () => Promise<T>): Promise<T> {
  requestHeaders.current = authHeaders(cookie);
  return run();
}

/** Status and body of a portal route called with the person's cookie. */
async function portal(handler: unknown, cookie: string, path: string, init: { json?: unknown; params?: Record<string, string> } = {}) {
  const headers = authHeaders(cookie);
  if (init.json !== undefined) headers.set("content-type", "application/json");
  const request = new Request(`${APP_ORIGIN}${path}`, {
    method: init.json === undefined ? "GET" : "POST",
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const response = await (handler as Handler)(request, { params: Promise.resolve(init.params ?? {}) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** What the company's API token is answered for the reports and the evidence pack: status, and the detail when refused. */
async function apiAnswers(secret: string) {
  const call = async (handler: unknown, path: string, params: Record<string, string> = {}) => {
    const response = await (handler as Handler)(new Request(`${APP_ORIGIN}${path}`, { headers: { authorization: `Bearer ${secret}` } }), {
      params: Promise.resolve(params),
    });
    return response.status >= 400
      ? `${response.status} ${((await response.json()) as { detail?: string }).detail}`
      : String(response.status);
  };
  return {
    reports: await call(apiReportsRoute, "/api/v1/reports"),
    pack: await call(evidencePackRoute, `/api/v1/engagements/${ENGAGEMENT}/evidence-pack`, { id: ENGAGEMENT }),
  };
}

describe("reports withheld from members", () => {
  it("refuses a member every read, download and share of them, and an API token too, while the owners keep them", async () => {
    const owner = await proved(OWNER);
    const member = await proved(MEMBER);
    const { secret } = await createApiToken(t.db, {
      actor: await clientActor(OWNER),
      name: "Reports reader",
      scopes: ["reports:read"],
      lifetimeDays: 30,
    });
    expect(await as(owner, () => setMembersMayShareAction({ allowed: true }))).toMatchObject({ success: true });
    const reportId = ((await portal(portalReports, member, "/api/client/reports")).body.reports as { id: string }[])[0]!.id;
    expect(await apiAnswers(secret)).toEqual({ reports: "200", pack: "200" });

    // A member cannot turn the switch; the owner can, and the change is audited.
    expect(await as(member, () => setReportsWithheldAction({ withheld: true }))).toEqual({
      success: false,
      code: "forbidden",
      error: "Only an owner of your company can do this.",
    });
    expect(await as(owner, () => setReportsWithheldAction({ withheld: true }))).toEqual({ success: true, data: { withheld: true } });
    const audited = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, "client.reports_withheld"), eq(auditLog.actorUserId, DEMO_USERS.acme.id)));
    expect(audited.map((row) => row.after)).toEqual([{ reportsWithheldFromMembers: true }]);

    const refused = { status: 403, body: { success: false, error: REPORTS_WITHHELD_MESSAGE } };
    expect(await portal(portalReports, member, "/api/client/reports")).toMatchObject(refused);
    expect(
      await portal(downloadRoute, member, `/api/client/reports/${reportId}/download`, { json: {}, params: { id: reportId } }),
    ).toMatchObject(refused);
    const memberActor = await clientActor(MEMBER);
    expect(await loadPortalSection(t.db, { actor: memberActor, section: "documents" })).toMatchObject({ reportsWithheld: true });
    const project = (await loadPortalProject(t.db, { actor: memberActor, projectId: ENGAGEMENT }))!;
    expect({ reports: project.reports, packs: project.packs }).toEqual({ reports: null, packs: [] });
    // Nor does the project's timeline name a report.
    expect(project.timeline.filter((entry) => entry.kind === "report")).toEqual([]);
    const share = () =>
      createShareAction({
        items: [{ kind: "evidence_pack", id: DEMO_EVIDENCE_PACK.id }],
        recipients: [{ email: "auditor@audit-firm.example", name: "Alex Auditor" }],
        mode: "view",
        ndaKind: "standard",
        expiryDays: 30,
      });
    expect(await as(member, share)).toEqual({ success: false, code: "forbidden", error: REPORTS_WITHHELD_MESSAGE });
    expect(await apiAnswers(secret)).toEqual({ reports: `403 ${REPORTS_WITHHELD_MESSAGE}`, pack: `403 ${REPORTS_WITHHELD_MESSAGE}` });

    // The owners keep everything.
    expect((await portal(portalReports, owner, "/api/client/reports")).status).toBe(200);
    const ownerProject = (await loadPortalProject(t.db, { actor: await clientActor(OWNER), projectId: ENGAGEMENT }))!;
    expect(ownerProject.reports!.length).toBeGreaterThan(0);
    expect(ownerProject.timeline.some((entry) => entry.kind === "report")).toBe(true);
    expect(ownerProject.packs.length).toBeGreaterThan(0);
    expect(await as(owner, share)).toMatchObject({ success: true });

    // Off again: the member lists the reports and may share them once more.
    expect(await as(owner, () => setReportsWithheldAction({ withheld: false }))).toEqual({ success: true, data: { withheld: false } });
    const back = await portal(portalReports, member, "/api/client/reports");
    expect((back.body.reports as { id: string }[]).map((report) => report.id)).toContain(reportId);
    expect(await as(member, share)).toMatchObject({ success: true });
    expect(await apiAnswers(secret)).toEqual({ reports: "200", pack: "200" });
  });
});
