// Measured AI findings (docs/PRODUCT.md#measured-ai-findings): garak's and promptfoo's files keep
// their counts as measurements (a later run adds one, the same file again none); an AI finding's
// retest is held to the firm's minimum trials; Reduced; and another company reads none of it
// (judges, reviews and tested differences: judged-retests.test.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { POST as importRoute } from "@/app/api/admin/findings/import/route";
import { addFindingMeasurementAction, recordRetestResultAction } from "@/features/findings/actions/admin";
import { setMinRetestTrialsAction } from "@/features/settings/actions/admin";
import { applyFindingImport, type ImportPreview } from "@/features/imports/server";
import { getFinding, loadPortalFindings } from "@/features/findings/server";
import { DEMO_CLIENTS } from "@/features/demo/server/demo-data";
import { DEMO_MEASURED } from "@/features/demo/server/demo-measurements";
import { auditLog } from "@/features/audit/server/schema";
import { findingImports } from "@/features/imports/server/schema/imports";
import { findingEvents, findingRetests, findings } from "@/features/findings/server/schema/records";
import { findingMeasurements } from "@/features/measurements/server/schema/measurements";
import { projects } from "@/features/projects/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { adminActor, adminCookie, clientActor, clientCookie } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
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

const FIXTURES = path.resolve(import.meta.dirname, "../../../../tests/fixtures/findings-import");
const fixture = (format: string, file: string) => readFileSync(path.join(FIXTURES, format, file), "utf8");
const asAdmin = async () => (requestHeaders.current = authHeaders(await adminCookie({ secondFactor: "totp" })));

async function newEngagement(projectName: string) {
  const [project] = await t.db.insert(projects).values({ clientId: DEMO_CLIENTS.acme.id, projectName }).returning({ id: projects.id });
  return project!.id;
}

/** Uploads, previews and applies a file as the admin screen does. */
async function importFile(projectId: string, text: string, name: string) {
  const form = new FormData();
  form.set("projectId", projectId);
  form.set("format", "");
  form.set("file", new File([text], name, { type: "application/json" }));
  const response = await importRoute(
    new Request(`${APP_ORIGIN}/api/admin/findings/import`, {
      method: "POST",
      headers: Object.fromEntries(authHeaders(await sessionCookie("admin@example.com"))),
      body: form,
    }),
    { params: Promise.resolve({}) },
  );
  expect(response.status).toBe(201);
  const { preview } = (await response.json()) as { preview: ImportPreview };
  await applyFindingImport(t.db, { actor: await adminActor(), importId: preview.id, markMissing: false });
  return preview.id;
}

const measurementsOf = (projectId: string) =>
  t.db
    .select({
      ruleId: findings.ruleId,
      source: findingMeasurements.source,
      trials: findingMeasurements.trials,
      successes: findingMeasurements.successes,
      provider: findingMeasurements.provider,
      modelId: findingMeasurements.modelId,
      modelVersion: findingMeasurements.modelVersion,
      probe: findingMeasurements.probe,
      detector: findingMeasurements.detector,
      importId: findingMeasurements.importId,
    })
    .from(findingMeasurements)
    .innerJoin(findings, eq(findings.id, findingMeasurements.findingId))
    .where(eq(findings.projectId, projectId))
    .orderBy(asc(findings.ruleId), asc(findingMeasurements.createdAt), asc(findingMeasurements.trials));

describe("imports keep the counts", () => {
  it("reads garak's repeated attempts as n and k per probe and detector; a later run adds a measurement, the same file again none", async () => {
    const projectId = await newEngagement("Measured garak runs");
    const run1 = fixture("garak", "garak.repeated-run1.report.jsonl");
    const firstImport = await importFile(projectId, run1, "garak.run1.report.jsonl");
    const model = { provider: "openai", modelId: "gpt-4o-mini-2024-07-18", modelVersion: "2024-07-18" };
    expect(await measurementsOf(projectId)).toEqual([
      {
        ruleId: "dan.Dan_11_0:dan.DAN",
        source: "import",
        trials: 20,
        successes: 3,
        ...model,
        probe: "dan.Dan_11_0",
        detector: "dan.DAN",
        importId: firstImport,
      },
      {
        ruleId: "promptinject.HijackHateHumans:promptinject.AttackRogueString",
        source: "import",
        trials: 50,
        successes: 7,
        ...model,
        probe: "promptinject.HijackHateHumans",
        detector: "promptinject.AttackRogueString",
        importId: firstImport,
      },
    ]);

    // The identical file again: the import is recorded, the findings get nothing new.
    await importFile(projectId, run1, "garak.run1-again.report.jsonl");
    expect(await measurementsOf(projectId)).toHaveLength(2);
    expect(await t.db.$count(findingImports, eq(findingImports.projectId, projectId))).toBe(2);

    // A later run on the same version: a new measurement beside the first, which stays as it was.
    const secondImport = await importFile(projectId, fixture("garak", "garak.repeated-run2.report.jsonl"), "garak.run2.report.jsonl");
    const rows = await measurementsOf(projectId);
    expect(rows.map((r) => [r.ruleId, r.successes, r.trials, r.importId])).toEqual([
      ["dan.Dan_11_0:dan.DAN", 3, 20, firstImport],
      ["dan.Dan_11_0:dan.DAN", 2, 20, secondImport],
      ["promptinject.HijackHateHumans:promptinject.AttackRogueString", 7, 50, firstImport],
      ["promptinject.HijackHateHumans:promptinject.AttackRogueString", 5, 50, secondImport],
    ]);

    // The finding's page reads them oldest first; the draft's are the firm's.
    const [dan] = await t.db
      .select({ id: findings.id })
      .from(findings)
      .where(and(eq(findings.projectId, projectId), eq(findings.ruleId, "dan.Dan_11_0:dan.DAN")));
    const detail = await getFinding(t.db, { actor: await adminActor(), findingId: dan!.id });
    expect(detail.isAi).toBe(true);
    expect(detail.measurements.map((m) => `${m.successes}/${m.trials}`)).toEqual(["3/20", "2/20"]);
  });

  it("reads promptfoo's repeated results as n and k per plugin and strategy, errors left out, with the provider's model", async () => {
    const projectId = await newEngagement("Measured promptfoo run");
    await importFile(projectId, fixture("promptfoo", "results.repeated.json"), "results.json");
    expect((await measurementsOf(projectId)).map((r) => [r.ruleId, r.successes, r.trials, r.provider, r.modelId, r.detector])).toEqual([
      ["pii:direct/jailbreak", 1, 10, "openai", "gpt-4o-mini-2024-07-18", "promptfoo:redteam:pii"],
      ["prompt-extraction", 3, 20, "openai", "gpt-4o-mini-2024-07-18", "promptfoo:redteam:prompt-extraction"],
    ]);
  });
});

/** A published AI finding of Acme's waiting for its retest, measured once at k of n. */
async function aiFindingAwaitingRetest(title: string, first: { successes: number; trials: number } | null) {
  const projectId = await newEngagement(`Engagement of ${title}`);
  const [finding] = await t.db
    .insert(findings)
    .values({
      clientId: DEMO_CLIENTS.acme.id,
      projectId,
      title,
      severity: "high",
      status: "fixed_pending_retest",
      publishedAt: new Date(),
      owaspLlm: ["LLM01"],
    })
    .returning({ id: findings.id });
  await t.db.insert(findingRetests).values({ findingId: finding!.id, note: "Patched the prompt", requestedByName: "Jordan Lee" });
  if (first) {
    await asAdmin();
    const recorded = await addFindingMeasurementAction({
      findingId: finding!.id,
      trials: String(first.trials),
      successes: String(first.successes),
      modelId: "gateway-model",
      modelVersion: "2026-10",
    });
    expect(recorded).toMatchObject({ success: true });
  }
  return finding!.id;
}

const stateOf = async (findingId: string) => {
  const [finding] = await t.db.select({ status: findings.status }).from(findings).where(eq(findings.id, findingId));
  const retests = await t.db.select({ result: findingRetests.result }).from(findingRetests).where(eq(findingRetests.findingId, findingId));
  const measurements = await t.db
    .select({
      source: findingMeasurements.source,
      successes: findingMeasurements.successes,
      trials: findingMeasurements.trials,
      retestId: findingMeasurements.retestId,
    })
    .from(findingMeasurements)
    .where(eq(findingMeasurements.findingId, findingId))
    .orderBy(asc(findingMeasurements.createdAt));
  return { status: finding!.status, retests: retests.map((r) => r.result), measurements };
};

describe("an AI finding's retest", () => {
  it("cannot be Verified Fixed with no success below the firm's minimum trials, and says the rate's upper bound", async () => {
    const findingId = await aiFindingAwaitingRetest("Jailbreak below the minimum", { successes: 7, trials: 50 });
    await asAdmin();
    const message =
      "No success in 50 trials only shows the rate is below 5.8% (95% upper bound). Verified Fixed needs no success in at least 100 trials.";
    for (const result of [undefined, "verified_fixed" as const])
      expect(await recordRetestResultAction({ findingId, result, trials: "50", successes: "0", modelVersion: "2026-11" })).toEqual({
        success: false,
        code: "bad_request",
        error: message,
        fieldErrors: { trials: message },
      });
    // Nothing moved: the retest is still open and no measurement was kept.
    expect(await stateOf(findingId)).toMatchObject({
      status: "fixed_pending_retest",
      retests: [null],
      measurements: [{ source: "manual" }],
    });
  });

  it("is Verified Fixed with no success over at least the minimum, reviewed, a measurement linked to the retest, audited and on the timeline", async () => {
    const findingId = await aiFindingAwaitingRetest("Jailbreak fixed", { successes: 7, trials: 50 });
    await asAdmin();
    // The judge is not validated: a person's review of a sample of the outputs lets it through.
    const review = { reviewSample: "40", reviewFound: "0", reviewerName: "Sam Okafor" };
    expect(
      await recordRetestResultAction({
        findingId,
        trials: "200",
        successes: "0",
        modelId: "gateway-model",
        modelVersion: "2026-11",
        ...review,
      }),
    ).toEqual({
      success: true,
      data: { status: "verified_fixed" },
    });
    const state = await stateOf(findingId);
    const [retest] = await t.db.select({ id: findingRetests.id }).from(findingRetests).where(eq(findingRetests.findingId, findingId));
    expect(state).toEqual({
      status: "verified_fixed",
      retests: ["verified_fixed"],
      measurements: [
        { source: "manual", successes: 7, trials: 50, retestId: null },
        { source: "retest", successes: 0, trials: 200, retestId: retest!.id },
      ],
    });
    const [event] = await t.db
      .select({ note: findingEvents.note, toStatus: findingEvents.toStatus })
      .from(findingEvents)
      .where(and(eq(findingEvents.findingId, findingId), eq(findingEvents.kind, "retest_result")));
    expect(event).toEqual({
      toStatus: "verified_fixed",
      note: "Verified Fixed: 0% (0 of 200; 95% interval 0% to 1.8%) on gateway-model 2026-11\n\nSam Okafor reviewed 40 of the outputs and found 0 successes.",
    });
    const [audit] = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, findingId), eq(auditLog.action, "finding.retest_result")));
    expect(audit!.after).toEqual({ result: "verified_fixed", trials: 200, successes: 0, modelVersion: "2026-11" });
  });

  it("follows the firm's minimum: at 300, 200 trials without a success no longer verify", async () => {
    await asAdmin();
    expect(await setMinRetestTrialsAction({ minTrials: "300" })).toEqual({ success: true, data: { minTrials: 300 } });
    try {
      const findingId = await aiFindingAwaitingRetest("Jailbreak under a stricter firm", { successes: 7, trials: 50 });
      const refused = await recordRetestResultAction({ findingId, trials: "200", successes: "0", modelVersion: "2026-11" });
      expect(refused).toMatchObject({ success: false, error: expect.stringContaining("needs no success in at least 300 trials") });
    } finally {
      await setMinRetestTrialsAction({ minTrials: "100" });
    }
    requestHeaders.current = authHeaders(await clientCookie());
    expect(await setMinRetestTrialsAction({ minTrials: "1" })).toMatchObject({ success: false, code: "forbidden" });
  });

  it("is Reduced with successes at a rate shown lower than before: the finding stays open and the client's mail says so", async () => {
    const findingId = await aiFindingAwaitingRetest("Prompt extraction reduced", { successes: 3, trials: 20 });
    await asAdmin();
    // Counts that give Reduced cannot be recorded as anything else.
    expect(
      await recordRetestResultAction({ findingId, result: "verified_fixed", trials: "100", successes: "1", modelVersion: "2026-11" }),
    ).toMatchObject({
      success: false,
      error: "1 of 100 makes this retest Reduced, not Verified Fixed.",
      fieldErrors: { result: expect.any(String) },
    });
    expect(await recordRetestResultAction({ findingId, trials: "100", successes: "1", modelVersion: "2026-11" })).toEqual({
      success: true,
      data: { status: "reduced" },
    });
    expect(await stateOf(findingId)).toMatchObject({ status: "still_open", retests: ["reduced"] });
    const [mail] = await t.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(sql`${emailOutbox.idempotencyKey} like ${"retest-result:%"}`)
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    expect(mail!.subject).toBe("Retest result: Prompt extraction reduced is Reduced (still open)");
  });

  it("is Still Open with successes at no rate shown lower, and needs its counts and model version", async () => {
    const findingId = await aiFindingAwaitingRetest("Prompt extraction still there", { successes: 3, trials: 20 });
    await asAdmin();
    expect(await recordRetestResultAction({ findingId, result: "still_open" })).toMatchObject({
      success: false,
      error: "An AI finding's retest needs its trials and successes.",
    });
    expect(await recordRetestResultAction({ findingId, trials: "20", successes: "3" })).toMatchObject({
      success: false,
      fieldErrors: { modelVersion: "Name the model version the retest tried." },
    });
    expect(await recordRetestResultAction({ findingId, trials: "20", successes: "30", modelVersion: "x" })).toMatchObject({
      success: false,
      fieldErrors: { successes: "Successes cannot exceed the trials" },
    });
    expect(await recordRetestResultAction({ findingId, trials: "40", successes: "6", modelVersion: "2026-11" })).toEqual({
      success: true,
      data: { status: "still_open" },
    });
    expect(await stateOf(findingId)).toMatchObject({ status: "still_open", retests: ["still_open"] });
  });

  it("leaves a finding that is not an AI one to the firm's choice, without Reduced or counts", async () => {
    const projectId = await newEngagement("Web findings");
    const [finding] = await t.db
      .insert(findings)
      .values({
        clientId: DEMO_CLIENTS.acme.id,
        projectId,
        title: "Missing HSTS",
        severity: "low",
        status: "fixed_pending_retest",
        publishedAt: new Date(),
      })
      .returning({ id: findings.id });
    await t.db.insert(findingRetests).values({ findingId: finding!.id, note: "Added it", requestedByName: "Jordan Lee" });
    await asAdmin();
    expect(await recordRetestResultAction({ findingId: finding!.id, result: "reduced" })).toMatchObject({
      success: false,
      code: "bad_request",
    });
    expect(await addFindingMeasurementAction({ findingId: finding!.id, trials: "10", successes: "1" })).toMatchObject({
      success: false,
      error: "Only an AI finding carries measurements: file it under an OWASP LLM category or an ATLAS technique first.",
    });
    expect(await recordRetestResultAction({ findingId: finding!.id, result: "verified_fixed" })).toEqual({
      success: true,
      data: { status: "verified_fixed" },
    });
  });
});

describe("a measurement recorded by hand", () => {
  it("keeps the configuration's hashes in lower case and refuses anything that is not a SHA-256", async () => {
    const findingId = await aiFindingAwaitingRetest("Hashes recorded", null);
    await asAdmin();
    const hash = "AB".repeat(32);
    expect(await addFindingMeasurementAction({ findingId, trials: "10", successes: "2", systemPromptSha256: hash })).toMatchObject({
      success: true,
    });
    const [row] = await t.db
      .select({ hash: findingMeasurements.systemPromptSha256, by: findingMeasurements.recordedByName })
      .from(findingMeasurements)
      .where(eq(findingMeasurements.findingId, findingId));
    expect(row!.hash).toBe("ab".repeat(32));
    expect(
      await addFindingMeasurementAction({ findingId, trials: "10", successes: "2", toolManifestSha256: "You are a helpful bot" }),
    ).toMatchObject({
      success: false,
      fieldErrors: { toolManifestSha256: "Enter a SHA-256 as 64 hex digits" },
    });
    expect(await addFindingMeasurementAction({ findingId, trials: "0", successes: "0" })).toMatchObject({
      success: false,
      fieldErrors: { trials: expect.any(String) },
    });
  });
});

describe("who reads the measurements", () => {
  it("shows the demo's measured findings to Acme, and nothing of them to Globex", async () => {
    const acme = await clientActor();
    const jailbreak = await getFinding(t.db, { actor: acme, findingId: DEMO_MEASURED.jailbreak.findingId });
    expect(jailbreak.status).toBe("verified_fixed");
    expect(jailbreak.measurements.map((m) => [m.source, m.successes, m.trials, m.modelId, m.modelVersion])).toEqual([
      ["manual", 7, 50, "gateway-model", "2026-10"],
      ["retest", 0, 200, "gateway-model", "2026-11"],
    ]);
    const extraction = await getFinding(t.db, { actor: acme, findingId: DEMO_MEASURED.extraction.findingId });
    expect(extraction.status).toBe("still_open");
    // 4 of 50 after 5 of 50: lower, but not shown lower.
    expect(extraction.retests.map((r) => r.result)).toEqual(["still_open"]);

    const globex = await clientActor("client2@example.com");
    await expect(getFinding(t.db, { actor: globex, findingId: DEMO_MEASURED.jailbreak.findingId })).rejects.toMatchObject({ status: 404 });
    const portal = await loadPortalFindings(t.db, {
      actor: globex,
      filter: { overdue: false },
      findingId: DEMO_MEASURED.jailbreak.findingId,
    });
    expect(JSON.stringify(portal)).not.toContain("gateway-model");

    requestHeaders.current = authHeaders(await clientCookie("client2@example.com"));
    expect(await addFindingMeasurementAction({ findingId: DEMO_MEASURED.jailbreak.findingId, trials: "5", successes: "5" })).toMatchObject({
      success: false,
      code: "forbidden",
    });
  });
});
