// The AI-security taxonomy on findings (docs/PRODUCT.md#admin-findings, #portal-findings): the
// admin writes OWASP LLM and ATLAS ids through the finding actions (unknown ids are a 400), the
// client filters and counts by them within its own company, drafts and what the firm closed left
// out, and the CSV export carries them.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as exportRoute } from "@/app/api/client/findings/export/route";
import { auditLog } from "@/features/audit/server/schema";
import { findings } from "@/features/findings/server/schema/records";
import { DEMO_CLIENTS } from "@/features/demo/server/demo-data";
import { DEMO_RERUNS } from "@/features/demo/server/demo-reruns";
import { DEMO_FINDINGS } from "@/features/demo/server/demo-findings";
import { HISTORY_PROJECT } from "@/features/demo/server/demo-history";
import { DEMO_MEASURED } from "@/features/demo/server/demo-measurements";
import { getFinding, listClientFindings } from "@/features/findings/server";
import { clientFindingCounts } from "@/features/findings/server/finding-counts";
import { updateFinding } from "@/features/findings/server/findings-write";
import { type FindingFilter, findingFilterSchema } from "@/features/findings/validation";
import { ATLAS_TECHNIQUE_IDS, OWASP_LLM_IDS } from "@/lib/domain/ai-taxonomy";
import { isFirmClosed } from "@/lib/domain/finding";
import { adminActor, adminCookie, clientActor } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });

// The counts and lists below are read from the curated demo findings; the year of remediation
// history the demo adds for the analytics (docs/PRODUCT.md#analytics) is left out of this database.
beforeAll(async () => {
  await t.db.delete(findings).where(eq(findings.projectId, HISTORY_PROJECT));
});

const ACME_ENGAGEMENT = DEMO_FINDINGS[0]!.projectId;
const content = { title: "Agent tools reach the billing API", severity: "high" as const };
const stored = async (id: string) =>
  (await t.db.select({ owaspLlm: findings.owaspLlm, atlas: findings.atlas }).from(findings).where(eq(findings.id, id)))[0]!;

async function asAdmin() {
  requestHeaders.current = authHeaders(await adminCookie());
  return import("@/features/findings/actions/admin");
}

const titlesOf = async (email: string, filter: Partial<FindingFilter>) =>
  (await listClientFindings(t.db, { actor: await clientActor(email), filter: { overdue: false, ...filter } })).items
    .map((f) => f.title)
    .sort();

const measuredTitle = (key: keyof typeof DEMO_MEASURED) => DEMO_FINDINGS.find((f) => f.id === DEMO_MEASURED[key].findingId)!.title;

/** What a company's published findings (not closed by the firm) count per OWASP LLM id, read from the demo data itself. */
const demoCounts = (clientId: string) =>
  Object.fromEntries(
    OWASP_LLM_IDS.map((id) => [
      id,
      DEMO_FINDINGS.filter(
        (f) => f.clientId === clientId && f.publishedDaysAgo !== null && !isFirmClosed(f.status) && (f.owaspLlm ?? []).includes(id),
      ).length,
    ]),
  );

/** Per technique, its sub-techniques included: what the portal's ATLAS counts should say. */
const demoAtlasCounts = (clientId: string) =>
  Object.fromEntries(
    ATLAS_TECHNIQUE_IDS.map((id) => [
      id,
      DEMO_FINDINGS.filter(
        (f) =>
          f.clientId === clientId &&
          f.publishedDaysAgo !== null &&
          !isFirmClosed(f.status) &&
          (f.atlas ?? []).some((t) => t === id || t.startsWith(`${id}.`)),
      ).length,
    ]),
  );

describe("the admin writes the taxonomy", () => {
  it("creates and edits a finding with OWASP LLM and ATLAS ids, each once in the list's order; an edit without them keeps them", async () => {
    const { createFindingAction, updateFindingAction } = await asAdmin();
    const created = await createFindingAction({
      ...content,
      projectId: ACME_ENGAGEMENT,
      owaspLlm: ["LLM06", "LLM01", "LLM06"],
      atlas: ["AML.T0053", "AML.T0051.001"],
    });
    expect(created).toMatchObject({ success: true });
    const findingId = (created as { data: { findingId: string } }).data.findingId;
    expect(await stored(findingId)).toEqual({ owaspLlm: ["LLM01", "LLM06"], atlas: ["AML.T0051.001", "AML.T0053"] });

    expect(await updateFindingAction({ ...content, findingId, owaspLlm: ["LLM02"], atlas: [] })).toMatchObject({ success: true });
    expect(await stored(findingId)).toEqual({ owaspLlm: ["LLM02"], atlas: [] });
    const [audit] = await t.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, "finding.update"), eq(auditLog.entityId, findingId)));
    expect(audit).toMatchObject({
      before: { owaspLlm: ["LLM01", "LLM06"], atlas: ["AML.T0051.001", "AML.T0053"] },
      after: { owaspLlm: ["LLM02"], atlas: [] },
    });

    await updateFinding(t.db, { actor: await adminActor(), findingId, input: { ...content, title: "Renamed" } });
    expect(await stored(findingId)).toEqual({ owaspLlm: ["LLM02"], atlas: [] });
    // The admin's page reads them back.
    expect(await getFinding(t.db, { actor: await adminActor(), findingId })).toMatchObject({ owaspLlm: ["LLM02"], atlas: [] });
  });

  it("refuses an unknown id with a 400 that names it, and changes nothing", async () => {
    const { createFindingAction, updateFindingAction } = await asAdmin();
    const findingId = DEMO_FINDINGS[2]!.id;
    const before = await stored(findingId);
    expect(await updateFindingAction({ ...content, findingId, owaspLlm: ["LLM01", "LLM11"] })).toEqual({
      success: false,
      code: "bad_request",
      error: "Unknown OWASP LLM category: LLM11",
      fieldErrors: { owaspLlm: "Unknown OWASP LLM category: LLM11" },
    });
    expect(await updateFindingAction({ ...content, findingId, atlas: ["AML.T9999"] })).toMatchObject({
      success: false,
      code: "bad_request",
      error: "Unknown MITRE ATLAS technique: AML.T9999",
    });
    // Lower case is not the id either; nor is a bare string for the list.
    expect(await updateFindingAction({ ...content, findingId, owaspLlm: ["llm01"] })).toMatchObject({ code: "bad_request" });
    expect(await updateFindingAction({ ...content, findingId, atlas: "AML.T0051" } as never)).toMatchObject({ code: "bad_request" });
    expect(await createFindingAction({ ...content, projectId: ACME_ENGAGEMENT, owaspLlm: ["LLM00"] })).toMatchObject({
      success: false,
      error: "Unknown OWASP LLM category: LLM00",
    });
    expect(await stored(findingId)).toEqual(before);
  });
});

describe("the client filters and counts by the taxonomy", () => {
  it("counts per OWASP LLM category in its own company only, without drafts or what the firm closed", async () => {
    const acme = await clientFindingCounts(t.db, { actor: await clientActor() });
    const globex = await clientFindingCounts(t.db, { actor: await clientActor("client2@example.com") });
    expect(acme.byOwaspLlm).toEqual(demoCounts(DEMO_CLIENTS.acme.id));
    expect(globex.byOwaspLlm).toEqual(demoCounts(DEMO_CLIENTS.globex.id));
    // Acme's prompt injection is a draft (not counted; its measured jailbreak and the two findings of
    // its scheduled re-runs are) and its batch rate limit finding withdrawn; Globex's agent is published.
    expect(
      DEMO_FINDINGS.some((f) => f.clientId === DEMO_CLIENTS.acme.id && f.publishedDaysAgo === null && f.owaspLlm?.includes("LLM01")),
    ).toBe(true);
    expect(acme.byOwaspLlm.LLM01).toBe(3);
    expect(globex.byOwaspLlm.LLM01).toBe(1);
    expect(acme.byOwaspLlm.LLM10).toBe(1);
    expect(Object.values(acme.byOwaspLlm).some((n) => n > 1)).toBe(true);
  });

  it("counts per MITRE ATLAS technique, a technique with its sub-techniques, in its own company only", async () => {
    const acme = await clientFindingCounts(t.db, { actor: await clientActor() });
    const globex = await clientFindingCounts(t.db, { actor: await clientActor("client2@example.com") });
    expect(acme.byAtlas).toEqual(demoAtlasCounts(DEMO_CLIENTS.acme.id));
    expect(globex.byAtlas).toEqual(demoAtlasCounts(DEMO_CLIENTS.globex.id));
    expect(Object.values(acme.byAtlas).some((n) => n > 0)).toBe(true);

    // A published finding under a sub-technique counts under it and under its technique.
    const { createFindingAction, publishFindingsAction } = await asAdmin();
    const created = await createFindingAction({ ...content, projectId: ACME_ENGAGEMENT, atlas: ["AML.T0051.001"] });
    const findingId = (created as { data: { findingId: string } }).data.findingId;
    expect(await publishFindingsAction({ projectId: ACME_ENGAGEMENT, findingIds: [findingId] })).toMatchObject({ success: true });
    const after = await clientFindingCounts(t.db, { actor: await clientActor() });
    expect(after.byAtlas["AML.T0051.001"]).toBe(acme.byAtlas["AML.T0051.001"] + 1);
    expect(after.byAtlas["AML.T0051"]).toBe(acme.byAtlas["AML.T0051"] + 1);
    expect(after.byAtlas["AML.T0051.000"]).toBe(acme.byAtlas["AML.T0051.000"]);
  });

  it("filters by category and technique, combined with the other filters, scoped to the company", async () => {
    const acme = "client@example.com";
    const globex = "client2@example.com";
    const title = (n: number) => DEMO_FINDINGS[n]!.title;
    // LLM10: the open rate limit finding; the withdrawn one only when closed findings are asked for.
    expect(await titlesOf(acme, { owasp: "LLM10" })).toEqual([title(3)]);
    expect(await titlesOf(acme, { owasp: "LLM10", closed: true })).toEqual([title(3), title(8)].sort());
    // Combined with severity: of the two LLM02 findings, the low one.
    expect(await titlesOf(acme, { owasp: "LLM02" })).toEqual([title(4), title(5)].sort());
    expect(await titlesOf(acme, { owasp: "LLM02", severity: "low" })).toEqual([title(4)]);
    // LLM01: Acme's draft is never listed, only its published jailbreak and re-run findings; Globex's is its own.
    expect(await titlesOf(acme, { owasp: "LLM01" })).toEqual(
      [measuredTitle("jailbreak"), DEMO_RERUNS.conversation.title, DEMO_RERUNS.notSeen.title].sort(),
    );
    expect(await titlesOf(globex, { owasp: "LLM01" })).toEqual([DEMO_FINDINGS.at(-1)!.title]);
    // A technique takes in its sub-techniques: AML.T0051 finds Globex's AML.T0051.001.
    expect(await titlesOf(globex, { atlas: "AML.T0051" } as never)).toEqual([DEMO_FINDINGS.at(-1)!.title]);
    expect(await titlesOf(globex, { atlas: "AML.T0051.000" })).toEqual([]);
    expect(await titlesOf(acme, { atlas: "AML.T0056", owasp: "LLM07" })).toEqual([title(1), measuredTitle("extraction")].sort());
    expect(await titlesOf(acme, { atlas: "AML.T0056", owasp: "LLM02" })).toEqual([]);
  });

  it("reads the filters from the address; an unknown id means all", () => {
    expect(findingFilterSchema.parse({ owasp: "LLM04", atlas: "AML.T0054" })).toMatchObject({ owasp: "LLM04", atlas: "AML.T0054" });
    expect(findingFilterSchema.parse({ owasp: "LLM11", atlas: "T0054" })).toMatchObject({ owasp: undefined, atlas: undefined });
  });

  it("exports the ids in the CSV", async () => {
    const response = await exportRoute(
      new Request(`${APP_ORIGIN}/api/client/findings/export`, { headers: authHeaders(await sessionCookie("client@example.com")) }),
      { params: Promise.resolve({}) },
    );
    const lines = (await response.text()).split(/\r?\n/);
    expect(lines[0]).toMatch(/,"OWASP LLM","MITRE ATLAS"$/);
    expect(lines.find((line) => line.includes(DEMO_FINDINGS[1]!.title))).toMatch(/,"LLM07","AML\.T0056"$/);
    expect(lines.find((line) => line.includes(DEMO_FINDINGS[7]!.title))).toMatch(/,"",""$/);
  });
});
