// The model version a client runs now (docs/PRODUCT.md#measured-ai-findings): recorded per
// engagement target by any person of the company (portal) or a findings:write token (company API),
// history kept; a Verified Fixed finding measured last on another version is "Not verified on the
// version you run now" and may be asked for a retest; another company reaches none of it.
import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PUT as modelVersionsRoute } from "@/app/api/v1/projects/[id]/model-versions/route";
import { requestRetestAction } from "@/features/findings/actions/portal";
import { recordModelVersionAction } from "@/features/measurements/actions/portal";
import { getFinding, listEngagementFindings, notVerifiedFindings } from "@/features/findings/server";
import { createApiToken } from "@/features/api/server";
import { apiModelVersionSchema } from "@/features/api/validation";
import { DEMO_CLIENTS, DEMO_PROJECTS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { DEMO_MEASURED, DEMO_MODEL } from "@/features/demo/server/demo-measurements";
import type { ApiScope } from "@/lib/domain/api-scope";
import { auditLog } from "@/features/audit/server/schema";
import { engagementModelVersions, findingMeasurements } from "@/features/measurements/server/schema/measurements";
import { findings } from "@/features/findings/server/schema/records";
import { projects } from "@/features/projects/server/schema";
import { adminActor, clientActor, clientCookie } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);
const t = setupTestDatabase({ seedDemo: true });

afterEach(() => {
  requestHeaders.current = new Headers();
});

const ACME_GATEWAY = DEMO_PROJECTS.find((p) => p.clientId === DEMO_CLIENTS.acme.id)!.id;
const as = async (email: string) => (requestHeaders.current = authHeaders(await clientCookie(email)));

/** An engagement of Acme's with one Verified Fixed AI finding, its last measurement on `version`. */
async function verifiedEngagement(name: string, version = "v1") {
  const [project] = await t.db
    .insert(projects)
    .values({ clientId: DEMO_CLIENTS.acme.id, projectName: name })
    .returning({ id: projects.id });
  const [finding] = await t.db
    .insert(findings)
    .values({
      clientId: DEMO_CLIENTS.acme.id,
      projectId: project!.id,
      title: `${name}: jailbreak`,
      severity: "high",
      status: "verified_fixed",
      publishedAt: new Date(),
      owaspLlm: ["LLM01"],
    })
    .returning({ id: findings.id });
  await t.db.insert(findingMeasurements).values([
    {
      findingId: finding!.id,
      source: "manual",
      trials: 50,
      successes: 5,
      provider: "openai",
      modelId: "gpt-x",
      modelVersion: "v0",
      recordedByName: "Admin",
      measuredAt: new Date(Date.now() - 86_400_000),
    },
    {
      findingId: finding!.id,
      source: "retest",
      trials: 200,
      successes: 0,
      provider: "openai",
      modelId: "gpt-x",
      modelVersion: version,
      recordedByName: "Admin",
    },
  ]);
  return { projectId: project!.id, findingId: finding!.id };
}

const historyOf = (projectId: string) =>
  t.db
    .select({
      modelVersion: engagementModelVersions.modelVersion,
      recordedBy: engagementModelVersions.recordedBy,
      recordedByName: engagementModelVersions.recordedByName,
    })
    .from(engagementModelVersions)
    .where(eq(engagementModelVersions.projectId, projectId))
    .orderBy(asc(engagementModelVersions.createdAt));

describe("the demo's model upgrade", () => {
  it("marks the Verified Fixed jailbreak, not the still open extraction, in the portal and on the firm's engagement page", async () => {
    const owner = await clientActor(DEMO_USERS.acme.email);
    const jailbreak = await getFinding(t.db, { actor: owner, findingId: DEMO_MEASURED.jailbreak.findingId });
    expect(jailbreak.modelVersion).toMatchObject({
      projectId: ACME_GATEWAY,
      provider: null,
      modelId: DEMO_MODEL.modelId,
      history: [{ modelVersion: DEMO_MODEL.upgrade }, { modelVersion: DEMO_MODEL.after }],
      notVerified: { verifiedVersion: DEMO_MODEL.after, currentVersion: DEMO_MODEL.upgrade },
    });
    const extraction = await getFinding(t.db, { actor: owner, findingId: DEMO_MEASURED.extraction.findingId });
    expect(extraction.modelVersion).toMatchObject({ history: [{ modelVersion: DEMO_MODEL.upgrade }, { modelVersion: DEMO_MODEL.after }] });
    expect(extraction.modelVersion!.notVerified).toBeNull();

    const engagement = await listEngagementFindings(t.db, { actor: await adminActor(), projectId: ACME_GATEWAY });
    expect(engagement!.notVerified.map((f) => [f.findingId, f.verifiedVersion, f.currentVersion])).toEqual([
      [DEMO_MEASURED.jailbreak.findingId, DEMO_MODEL.after, DEMO_MODEL.upgrade],
    ]);
    expect(engagement!.modelVersions).toMatchObject([{ modelId: DEMO_MODEL.modelId, current: { modelVersion: DEMO_MODEL.upgrade } }]);
  });
});

describe("recording the version run now in the portal", () => {
  it("keeps the history, adds nothing for the current version again, and marks only what was verified on another version", async () => {
    const { projectId, findingId } = await verifiedEngagement("Versions in the portal");
    const target = { projectId, provider: "openai", modelId: "gpt-x" };
    // No version recorded: nothing to compare with.
    expect(await notVerifiedFindings(t.db, { projectId })).toEqual([]);

    await as(DEMO_USERS.acme.email);
    expect(await recordModelVersionAction({ ...target, modelVersion: "v1" })).toMatchObject({
      success: true,
      data: { changed: true, record: { modelVersion: "v1", recordedByName: DEMO_USERS.acme.name } },
    });
    expect(await notVerifiedFindings(t.db, { projectId })).toEqual([]);

    // A member may record it too (as a member may ask for a retest).
    await as(DEMO_USERS.acmeMember.email);
    expect(await recordModelVersionAction({ ...target, modelVersion: " v2 " })).toMatchObject({ success: true, data: { changed: true } });
    expect(await recordModelVersionAction({ ...target, modelVersion: "v2" })).toMatchObject({ success: true, data: { changed: false } });
    expect(await historyOf(projectId)).toEqual([
      { modelVersion: "v1", recordedBy: DEMO_USERS.acme.id, recordedByName: DEMO_USERS.acme.name },
      { modelVersion: "v2", recordedBy: DEMO_USERS.acmeMember.id, recordedByName: DEMO_USERS.acmeMember.name },
    ]);
    const [audit] = await t.db
      .select({ after: auditLog.after, before: auditLog.before, clientId: auditLog.clientId })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, projectId), eq(auditLog.action, "engagement.model_version")))
      .orderBy(asc(auditLog.id))
      .offset(1);
    expect(audit).toEqual({
      before: { modelVersion: "v1" },
      after: { provider: "openai", modelId: "gpt-x", modelVersion: "v2" },
      clientId: DEMO_CLIENTS.acme.id,
    });

    const flagged = await notVerifiedFindings(t.db, { projectId });
    expect(flagged).toMatchObject([{ findingId, provider: "openai", modelId: "gpt-x", verifiedVersion: "v1", currentVersion: "v2" }]);
    // Another provider's model of the same name is another target: it marks nothing here.
    await as(DEMO_USERS.acme.email);
    await recordModelVersionAction({ projectId, provider: "", modelId: "gpt-x", modelVersion: "v9" });
    expect((await notVerifiedFindings(t.db, { projectId })).map((f) => f.currentVersion)).toEqual(["v2"]);

    // The finding's page offers the retest; asking moves the Verified Fixed finding to Fixed (pending retest).
    const detail = await getFinding(t.db, { actor: await clientActor(), findingId });
    expect(detail.modelVersion!.notVerified).toMatchObject({ verifiedVersion: "v1", currentVersion: "v2" });
    expect(await requestRetestAction({ findingId, note: "We now run gpt-x v2: please retest on it." })).toMatchObject({ success: true });
    const [after] = await t.db.select({ status: findings.status }).from(findings).where(eq(findings.id, findingId));
    expect(after!.status).toBe("fixed_pending_retest");
    expect(await notVerifiedFindings(t.db, { projectId })).toEqual([]);
  });

  it("refuses a retest of a Verified Fixed finding verified on the version run now", async () => {
    const { projectId, findingId } = await verifiedEngagement("Versions already verified", "v3");
    await as(DEMO_USERS.acme.email);
    await recordModelVersionAction({ projectId, provider: "openai", modelId: "gpt-x", modelVersion: "v3" });
    expect(await requestRetestAction({ findingId, note: "Again please" })).toMatchObject({
      success: false,
      error: "This finding is not open, so it cannot be retested now.",
    });
  });

  it("refuses a blank version with a message, and another company's engagement as missing", async () => {
    const { projectId } = await verifiedEngagement("Versions of Acme alone");
    await as(DEMO_USERS.acme.email);
    expect(await recordModelVersionAction({ projectId, provider: "openai", modelId: "gpt-x", modelVersion: "  " })).toMatchObject({
      success: false,
      fieldErrors: { modelVersion: "Name the version you run now" },
    });
    await as(DEMO_USERS.globex.email);
    expect(await recordModelVersionAction({ projectId, provider: "openai", modelId: "gpt-x", modelVersion: "v2" })).toMatchObject({
      success: false,
      code: "not_found",
      error: "Engagement not found",
    });
    expect(await historyOf(projectId)).toEqual([]);
    // Nor can Globex read Acme's targets through a finding: the finding itself is missing to it.
    await expect(
      getFinding(t.db, { actor: await clientActor(DEMO_USERS.globex.email), findingId: DEMO_MEASURED.jailbreak.findingId }),
    ).rejects.toThrow("Finding not found");
  });
});

describe("PUT /api/v1/projects/{id}/model-versions", () => {
  const put = (secret: string, projectId: string, json: unknown, contentType = "application/json") =>
    modelVersionsRoute(
      new Request(`${APP_ORIGIN}/api/v1/projects/${projectId}/model-versions`, {
        method: "PUT",
        headers: { authorization: `Bearer ${secret}`, "content-type": contentType },
        body: JSON.stringify(json),
      }),
      { params: Promise.resolve({ id: projectId }) },
    );
  const tokenFor = async (email: string, scopes: ApiScope[]) =>
    (await createApiToken(t.db, { actor: await clientActor(email), name: "Deploy job", scopes, lifetimeDays: 30 })).secret;

  it("records the version with findings:write, names the findings to retest, and says when nothing changed", async () => {
    const { projectId, findingId } = await verifiedEngagement("Versions through the API");
    const secret = await tokenFor(DEMO_USERS.acme.email, ["findings:write"]);
    const first = await put(secret, projectId, { provider: "openai", modelId: "gpt-x", modelVersion: "v2" });
    expect(first.status).toBe(200);
    const body = apiModelVersionSchema.parse(await first.json());
    expect(body.data).toMatchObject({
      projectId,
      provider: "openai",
      modelId: "gpt-x",
      modelVersion: "v2",
      recordedBy: 'API token "Deploy job"',
      changed: true,
      notVerifiedFindingIds: [findingId],
    });
    const again = apiModelVersionSchema.parse(
      await (await put(secret, projectId, { provider: "openai", modelId: "gpt-x", modelVersion: "v2" })).json(),
    );
    expect(again.data.changed).toBe(false);
    // A token is no person: the record names it.
    expect(await historyOf(projectId)).toEqual([{ modelVersion: "v2", recordedBy: null, recordedByName: 'API token "Deploy job"' }]);
  });

  it("refuses a token without the scope (403), another company's engagement (404) and a bad body (400 with a message)", async () => {
    const { projectId } = await verifiedEngagement("Versions refused through the API");
    const reader = await tokenFor(DEMO_USERS.acme.email, ["findings:read", "projects:read"]);
    const noScope = await put(reader, projectId, { modelId: "gpt-x", modelVersion: "v2" });
    expect(noScope.status).toBe(403);
    expect(await noScope.json()).toMatchObject({ detail: expect.stringContaining("findings:write") });

    const globex = await tokenFor(DEMO_USERS.globex.email, ["findings:write"]);
    const other = await put(globex, projectId, { modelId: "gpt-x", modelVersion: "v2" });
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ detail: "Engagement not found" });
    expect((await put(globex, "not-a-uuid", { modelId: "gpt-x", modelVersion: "v2" })).status).toBe(404);

    const acme = await tokenFor(DEMO_USERS.acme.email, ["findings:write"]);
    const bad = await put(acme, projectId, { modelId: "gpt-x" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fieldErrors: { modelVersion: "Name the version you run now" } });
    expect((await put(acme, projectId, { modelId: "gpt-x", modelVersion: "v2" }, "text/plain")).status).toBe(415);
    expect(await historyOf(projectId)).toEqual([]);
  });
});
