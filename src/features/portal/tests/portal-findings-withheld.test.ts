// Findings withheld from members (docs/PRODUCT.md#portal-team): once an owner turns the switch on, a
// member of the company finds no Findings in the navigation and reads none in the Findings section,
// a finding's page, a project or the Overview; the analytics, the runs, the CSV and interchange
// exports and every findings write are refused with the same words, a company API token (which acts
// as a member) is answered 403 for the findings, and no finding mail goes to the members; the owners
// keep all of it, another company is untouched, and turning the switch off gives it all back.
import { and, eq } from "drizzle-orm";
import type { ReactElement } from "react";
import { describe, expect, it, vi } from "vitest";
import ClientPortalPage from "@/app/client-portal/page";
import { GET as csvExportRoute } from "@/app/api/client/findings/export/route";
import { GET as interchangeRoute } from "@/app/api/client/findings/interchange/route";
import { GET as apiExportRoute } from "@/app/api/v1/exports/findings/route";
import { GET as apiFindingRoute } from "@/app/api/v1/findings/[id]/route";
import { GET as apiFindingsRoute } from "@/app/api/v1/findings/route";
import { GET as apiRetestsRoute } from "@/app/api/v1/retests/route";
import { FINDINGS_WITHHELD_MESSAGE } from "@/lib/domain/member-access";
import { loadClientAnalytics } from "@/features/analytics/server";
import { filtersFromSearch } from "@/features/analytics/validation";
import { createApiToken } from "@/features/api/server";
import { auditLog } from "@/features/audit/server/schema";
import { setBillingWithheldAction, setFindingsWithheldAction } from "@/features/clients/actions/portal";
import { confirmFreshSecondFactor } from "@/features/identity/server";
import { DEMO_CLIENTS, DEMO_PASSWORDS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { DEMO_EVIDENCE_PACK } from "@/features/demo/server/demo-evidence";
import { DEMO_FINDINGS } from "@/features/demo/server/demo-findings";
import { addFindingCommentAction, startRemediationAction } from "@/features/findings/actions/portal";
import { getFinding, listClientFindings, loadRunsPage, setRemediationOwner } from "@/features/findings/server";
import { createFinding, publishFindings } from "@/features/findings/server/findings-write";
import { getNotificationPreferences, saveNotificationPreferences } from "@/features/notifications/server";
import { getOverview } from "@/features/portal/server/portal-overview";
import { createShareAction, setMembersMayShareAction } from "@/features/sharing/actions/portal";
import { listShareableForActor } from "@/features/sharing/server";
import { loadPortalProject } from "@/features/portal/server";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { adminActor, clientActor } from "@tests/integration/helpers/admin-session";
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
const GLOBEX = DEMO_USERS.globex.email;
// A published finding of Acme's (the first demo finding is a draft).
const FINDING = DEMO_FINDINGS.find((finding) => finding.status !== "draft" && finding.clientId === DEMO_CLIENTS.acme.id)!;
const ENGAGEMENT = DEMO_FINDINGS[0]!.projectId;
const forbidden = { success: false, code: "forbidden", error: FINDINGS_WITHHELD_MESSAGE };

async function as<T>(cookie: string, run: () => Promise<T>): Promise<T> {
  requestHeaders.current = authHeaders(cookie);
  return run();
}

/** Status, and the error when refused, of a portal route called with the person's cookie. */
async function portal(handler: unknown, cookie: string, path: string): Promise<string> {
  const response = await (handler as Handler)(new Request(`${APP_ORIGIN}${path}`, { headers: authHeaders(cookie) }), {
    params: Promise.resolve({}),
  });
  return response.status >= 400 ? `${response.status} ${((await response.json()) as { error?: string }).error}` : String(response.status);
}

/** What the company's API token is answered for the findings: status, and the detail when refused. */
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
    list: await call(apiFindingsRoute, "/api/v1/findings"),
    one: await call(apiFindingRoute, `/api/v1/findings/${FINDING.id}`, { id: FINDING.id }),
    retests: await call(apiRetestsRoute, "/api/v1/retests"),
    export: await call(apiExportRoute, "/api/v1/exports/findings?format=sarif"),
  };
}

/** What the portal page gives its frame for the Findings section: the navigation's hidden sections and the section itself. */
async function findingsPage(cookie: string) {
  requestHeaders.current = authHeaders(cookie);
  const page = ClientPortalPage as (props: unknown) => Promise<ReactElement<{ hiddenSections: string[]; findings: ReactElement | null }>>;
  const element = await page({ params: Promise.resolve({}), searchParams: Promise.resolve({ section: "findings" }) });
  const findings = element.props.findings as ReactElement<{ data?: unknown }> & { type: { name?: string } };
  return { hidden: element.props.hiddenSections.includes("findings"), section: findings.type.name };
}

/** Publishes a new finding of Acme's and answers who was mailed about it. */
async function publishAndMailed(title: string): Promise<string[]> {
  const published = () =>
    t.db
      .select({ id: emailOutbox.id, to: emailOutbox.toAddress })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "notify_findings_published"));
  const before = new Set((await published()).map((row) => row.id));
  const admin = await adminActor();
  const { findingId } = await createFinding(t.db, { actor: admin, projectId: ENGAGEMENT, input: { title, severity: "medium" } });
  await publishFindings(t.db, { actor: admin, projectId: ENGAGEMENT, findingIds: [findingId] });
  return (await published())
    .filter((row) => !before.has(row.id))
    .map((row) => row.to)
    .sort();
}

describe("findings withheld from members", () => {
  it("refuses a member every read, export, write, API call and mail of them, while the owners and another company keep them", async () => {
    const owner = await sessionCookie(OWNER);
    const member = await sessionCookie(MEMBER);
    const { secret } = await createApiToken(t.db, {
      actor: await clientActor(OWNER),
      name: "Findings reader",
      scopes: ["findings:read"],
      lifetimeDays: 30,
    });
    expect(await apiAnswers(secret)).toEqual({ list: "200", one: "200", retests: "200", export: "200" });
    expect(await findingsPage(member)).toEqual({ hidden: false, section: "PortalFindings" });

    // A member cannot turn the switch; the owner can, and the change is audited.
    expect(await as(member, () => setFindingsWithheldAction({ withheld: true }))).toEqual({
      success: false,
      code: "forbidden",
      error: "Only an owner of your company can do this.",
    });
    expect(await as(owner, () => setFindingsWithheldAction({ withheld: true }))).toEqual({ success: true, data: { withheld: true } });
    const audited = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, "client.findings_withheld"), eq(auditLog.actorUserId, DEMO_USERS.acme.id)));
    expect(audited.map((row) => row.after)).toEqual([{ findingsWithheldFromMembers: true }]);

    // The member: no Findings in the navigation, the section says so, and nothing is read.
    expect(await findingsPage(member)).toEqual({ hidden: true, section: "FindingsSectionWithheld" });
    const memberActor = await clientActor(MEMBER);
    const refused = { status: 403, message: FINDINGS_WITHHELD_MESSAGE };
    await expect(listClientFindings(t.db, { actor: memberActor, filter: { overdue: false } })).rejects.toMatchObject(refused);
    await expect(getFinding(t.db, { actor: memberActor, findingId: FINDING.id })).rejects.toMatchObject(refused);
    await expect(loadClientAnalytics(t.db, { actor: memberActor, filters: filtersFromSearch({}) })).rejects.toMatchObject(refused);
    await expect(loadRunsPage(t.db, { actor: memberActor, projectId: ENGAGEMENT, runId: undefined })).rejects.toMatchObject(refused);
    const project = (await loadPortalProject(t.db, { actor: memberActor, projectId: ENGAGEMENT }))!;
    expect(project.findings).toBeNull();
    expect(project.timeline.filter((entry) => entry.kind === "finding")).toEqual([]);
    expect(await getOverview(t.db, { actor: memberActor })).toMatchObject({ findings: null, overdueFindings: [] });
    expect(await portal(csvExportRoute, member, "/api/client/findings/export")).toBe(`403 ${FINDINGS_WITHHELD_MESSAGE}`);
    expect(await portal(interchangeRoute, member, "/api/client/findings/interchange?format=sarif")).toBe(
      `403 ${FINDINGS_WITHHELD_MESSAGE}`,
    );
    expect(await as(member, () => startRemediationAction({ findingId: FINDING.id }))).toEqual(forbidden);
    expect(await as(member, () => addFindingCommentAction({ findingId: FINDING.id, body: "Looking into it" }))).toEqual(forbidden);
    expect(await apiAnswers(secret)).toEqual({
      list: `403 ${FINDINGS_WITHHELD_MESSAGE}`,
      one: `403 ${FINDINGS_WITHHELD_MESSAGE}`,
      retests: `403 ${FINDINGS_WITHHELD_MESSAGE}`,
      export: `403 ${FINDINGS_WITHHELD_MESSAGE}`,
    });
    // No finding mail for the member: neither a publication nor being named remediation owner.
    expect(await publishAndMailed("Withheld publication")).toEqual([OWNER]);
    await setRemediationOwner(t.db, { actor: await clientActor(OWNER), findingId: FINDING.id, ownerUserId: DEMO_USERS.acmeMember.id });
    const ownerMails = await t.db
      .select({ to: emailOutbox.toAddress })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "notify_finding_owner"));
    expect(ownerMails).toEqual([]);

    // The owners keep everything, and another company is untouched.
    expect(await findingsPage(owner)).toEqual({ hidden: false, section: "PortalFindings" });
    const ownerActor = await clientActor(OWNER);
    expect((await listClientFindings(t.db, { actor: ownerActor, filter: { overdue: false } })).items.length).toBeGreaterThan(0);
    const ownerProject = (await loadPortalProject(t.db, { actor: ownerActor, projectId: ENGAGEMENT }))!;
    expect(ownerProject.findings).not.toBeNull();
    expect(ownerProject.timeline.some((entry) => entry.kind === "finding")).toBe(true);
    expect((await getOverview(t.db, { actor: ownerActor })).findings).not.toBeNull();
    expect(await portal(interchangeRoute, owner, "/api/client/findings/interchange?format=sarif")).toBe("200");
    expect(await portal(csvExportRoute, await sessionCookie(GLOBEX), "/api/client/findings/export")).toBe("200");
    expect((await getOverview(t.db, { actor: await clientActor(GLOBEX) })).findings).not.toBeNull();

    // Off again: the member reads, exports and is mailed once more, and the token is answered.
    expect(await as(owner, () => setFindingsWithheldAction({ withheld: false }))).toEqual({ success: true, data: { withheld: false } });
    expect(await findingsPage(member)).toEqual({ hidden: false, section: "PortalFindings" });
    const back = await listClientFindings(t.db, { actor: await clientActor(MEMBER), filter: { overdue: false } });
    expect(back.items.map((finding) => finding.id)).toContain(FINDING.id);
    expect(await portal(csvExportRoute, member, "/api/client/findings/export")).toBe("200");
    expect(await apiAnswers(secret)).toEqual({ list: "200", one: "200", retests: "200", export: "200" });
    expect(await publishAndMailed("Shown publication")).toEqual([OWNER, MEMBER].sort());
    await setRemediationOwner(t.db, { actor: await clientActor(OWNER), findingId: FINDING.id, ownerUserId: null });
    await setRemediationOwner(t.db, { actor: await clientActor(OWNER), findingId: FINDING.id, ownerUserId: DEMO_USERS.acmeMember.id });
    const named = await t.db.select({ to: emailOutbox.toAddress }).from(emailOutbox).where(eq(emailOutbox.kind, "notify_finding_owner"));
    expect(named).toEqual([{ to: MEMBER }]);
  });

  it("offers a member no Findings mail choice while they are withheld, and keeps the one they had made", async () => {
    const owner = await sessionCookie(OWNER);
    const prefs = async (email: string) => getNotificationPreferences(t.db, { actor: await clientActor(email) });
    // The member turned finding mails off before the switch.
    const chosen = (await prefs(MEMBER)).categories.filter((category) => category !== "findings");
    await saveNotificationPreferences(t.db, { actor: await clientActor(MEMBER), input: { enabled: chosen, delivery: "each" } });

    expect(await as(owner, () => setFindingsWithheldAction({ withheld: true }))).toMatchObject({ success: true });
    expect((await prefs(MEMBER)).categories).not.toContain("findings");
    expect((await prefs(OWNER)).categories).toContain("findings");
    // Saving while it is withheld, even with Findings named, leaves that choice as it was.
    const saved = await saveNotificationPreferences(t.db, {
      actor: await clientActor(MEMBER),
      input: { enabled: [...chosen, "findings"], delivery: "daily" },
    });
    expect(saved).toMatchObject({ delivery: "daily", enabled: chosen });

    // Billing withheld too: no Invoices choice either.
    expect(await as(owner, () => setBillingWithheldAction({ withheld: true }))).toMatchObject({ success: true });
    expect((await prefs(MEMBER)).categories.filter((c) => c === "invoices" || c === "findings")).toEqual([]);
    expect(await as(owner, () => setBillingWithheldAction({ withheld: false }))).toMatchObject({ success: true });

    expect(await as(owner, () => setFindingsWithheldAction({ withheld: false }))).toMatchObject({ success: true });
    const back = await prefs(MEMBER);
    expect(back.categories).toEqual(expect.arrayContaining(["findings", "invoices"]));
    expect(back.enabled).not.toContain("findings");
  });

  it("neither offers a sharing member the retest summaries nor lets them share one, while the owners still may", async () => {
    const proved = async (email: string) => {
      const cookie = await sessionCookie(email);
      await confirmFreshSecondFactor(t.db, authHeaders(cookie), { password: DEMO_PASSWORDS.client });
      return cookie;
    };
    const owner = await proved(OWNER);
    const member = await proved(MEMBER);
    // The retests were decided on the engagement of the demo's evidence pack.
    const summary = { kind: "retest_summary" as const, id: DEMO_EVIDENCE_PACK.projectId };
    const share = () =>
      createShareAction({
        items: [summary],
        recipients: [{ email: "auditor@audit-firm.example", name: "Alex Auditor" }],
        mode: "view",
        ndaKind: "standard",
        expiryDays: 30,
      });
    const offered = async (email: string) =>
      (await listShareableForActor(t.db, { actor: await clientActor(email) })).some((item) => item.kind === summary.kind);
    expect(await as(owner, () => setMembersMayShareAction({ allowed: true }))).toMatchObject({ success: true });
    expect(await offered(MEMBER)).toBe(true);

    expect(await as(owner, () => setFindingsWithheldAction({ withheld: true }))).toMatchObject({ success: true });
    expect(await offered(MEMBER)).toBe(false);
    expect(await as(member, share)).toEqual(forbidden);
    expect(await offered(OWNER)).toBe(true);
    expect(await as(owner, share)).toMatchObject({ success: true });

    expect(await as(owner, () => setFindingsWithheldAction({ withheld: false }))).toMatchObject({ success: true });
    expect(await as(member, share)).toMatchObject({ success: true });
  });
});
