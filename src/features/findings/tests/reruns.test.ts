// Scheduled re-runs that compare (docs/PRODUCT.md#measured-ai-findings): a run of an engagement
// target's reproducers is compared with the previous run on the same model version; a finding the
// run leaves out is "not seen" and stays open; another company can neither post, read nor schedule
// Acme's runs; the periodic job flags a schedule whose run did not arrive.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getFinding, recordRerun } from "@/features/findings/server";
import { getRunComparison } from "@/features/findings/server/reruns/compare";
import {
  flagOverdueSchedules,
  listEngagementRuns,
  listRerunSchedules,
  recordModelVersion,
  setRerunSchedule,
} from "@/features/measurements/server";
import { rerunScheduleSchema, rerunSchema, type RerunInput } from "@/features/measurements/validation";
import { DEMO_USERS } from "@/features/demo/server/demo-data";
import { DEMO_FINDINGS } from "@/features/demo/server/demo-findings";
import { DEMO_MEASURED, DEMO_MODEL } from "@/features/demo/server/demo-measurements";
import { DEMO_RERUNS } from "@/features/demo/server/demo-reruns";
import { findingMeasurements } from "@/features/measurements/server/schema/measurements";
import { findings } from "@/features/findings/server/schema/records";
import { rerunSchedules } from "@/features/measurements/server/schema/reruns";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { adminActor, clientActor } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";

const t = setupTestDatabase({ seedDemo: true });

const JAILBREAK = DEMO_MEASURED.jailbreak.findingId;
const EXTRACTION = DEMO_MEASURED.extraction.findingId;
const ENGAGEMENT = DEMO_FINDINGS.find((f) => f.id === JAILBREAK)!.projectId;
const VERSION = "rerun-test-version";

const run = (results: RerunInput["results"], modelVersion = VERSION) =>
  rerunSchema.parse({ provider: null, modelId: DEMO_MODEL.modelId, modelVersion, results } satisfies RerunInput);

async function openAiFinding(title: string) {
  const jailbreak = DEMO_FINDINGS.find((f) => f.id === JAILBREAK)!;
  const [row] = await t.db
    .insert(findings)
    .values({
      clientId: jailbreak.clientId,
      projectId: ENGAGEMENT,
      title,
      severity: "high",
      status: "open",
      publishedAt: new Date(),
      owaspLlm: ["LLM01"],
    })
    .returning({ id: findings.id });
  return row!.id;
}

describe("a scheduled re-run", () => {
  it("compares with the previous run on the same version: still present, reduced, and not seen leaves the finding open", async () => {
    const acme = await clientActor(DEMO_USERS.acme.email);
    const present = await openAiFinding("Re-run: still present");
    const missing = await openAiFinding("Re-run: left out of the second run");
    const first = await recordRerun(t.db, {
      actor: acme,
      projectId: ENGAGEMENT,
      input: run([
        { findingId: present, trials: 50, successes: 5 },
        { findingId: missing, trials: 50, successes: 20 },
        { findingId: EXTRACTION, trials: 100, successes: 40 },
      ]),
    });
    const second = await recordRerun(t.db, {
      actor: acme,
      projectId: ENGAGEMENT,
      input: run([
        { findingId: present, trials: 50, successes: 4 },
        { findingId: EXTRACTION, trials: 100, successes: 5 },
      ]),
    });
    expect(await t.db.$count(findingMeasurements, eq(findingMeasurements.rerunId, second.id))).toBe(2);

    const page = await getRunComparison(t.db, { actor: acme, runId: second.id });
    expect(page.previous?.id).toBe(first.id);
    const row = (id: string) => page.rows.find((r) => r.findingId === id)!;
    // 4/50 after 5/50: the attack still lands and the difference is not significant.
    expect(row(present)).toMatchObject({ change: "still_present", current: { successes: 4 }, previous: { successes: 5 } });
    expect(row(present).difference!.low).toBeLessThan(0);
    expect(row(present).difference!.high).toBeGreaterThan(0);
    expect(row(EXTRACTION)).toMatchObject({ change: "reduced" });
    expect(row(EXTRACTION).difference!.high).toBeLessThan(0);
    expect(row(missing)).toMatchObject({ change: "not_seen", current: null, previous: { successes: 20 } });
    // Not seen closes nothing: the finding is as open as before.
    expect((await getFinding(t.db, { actor: acme, findingId: missing })).status).toBe("open");

    // A first run on another version has nothing to compare with: each finding is new.
    const other = await recordRerun(t.db, {
      actor: acme,
      projectId: ENGAGEMENT,
      input: run([{ findingId: present, trials: 10, successes: 1 }], "other"),
    });
    const fresh = await getRunComparison(t.db, { actor: acme, runId: other.id });
    expect(fresh.previous).toBeNull();
    expect(fresh.rows.map((r) => r.change)).toEqual(["new"]);
  });

  it("keeps multi-turn counts: turns used and the turn budget", async () => {
    const admin = await adminActor();
    const finding = await openAiFinding("Re-run: a conversation");
    const recorded = await recordRerun(t.db, {
      actor: admin,
      projectId: ENGAGEMENT,
      input: run([{ findingId: finding, trials: 20, successes: 3, turnsUsed: 90, turnBudget: 5, seedPrompts: 4 }], "multi-turn"),
    });
    const [row] = await t.db.select().from(findingMeasurements).where(eq(findingMeasurements.rerunId, recorded.id));
    expect(row).toMatchObject({ source: "import", turnsUsed: 90, turnBudget: 5, seedPrompts: 4 });
    expect(() => run([{ findingId: finding, trials: 20, successes: 3, turnsUsed: 200, turnBudget: 5 }])).toThrow(/budget/);
  });

  it("is neither posted, read nor scheduled by another company (404 like a missing one)", async () => {
    const acme = await clientActor(DEMO_USERS.acme.email);
    const globex = await clientActor(DEMO_USERS.globex.email);
    const mine = await recordRerun(t.db, {
      actor: acme,
      projectId: ENGAGEMENT,
      input: run([{ findingId: JAILBREAK, trials: 10, successes: 0 }], "isolation"),
    });
    await expect(
      recordRerun(t.db, { actor: globex, projectId: ENGAGEMENT, input: run([{ findingId: JAILBREAK, trials: 10, successes: 0 }]) }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(getRunComparison(t.db, { actor: globex, runId: mine.id })).rejects.toMatchObject({ code: "not_found" });
    expect(await listEngagementRuns(t.db, { actor: globex, projectId: ENGAGEMENT })).toEqual([]);
    await expect(listRerunSchedules(t.db, { actor: globex, projectId: ENGAGEMENT })).rejects.toMatchObject({ code: "not_found" });
    const schedule = rerunScheduleSchema.parse({ projectId: ENGAGEMENT, provider: null, modelId: "gateway-model", cadence: "weekly" });
    await expect(setRerunSchedule(t.db, { actor: globex, input: schedule })).rejects.toMatchObject({ code: "not_found" });
    // Acme's member is no owner: the schedule is an owner's (or the firm's) to set.
    await expect(setRerunSchedule(t.db, { actor: await clientActor(DEMO_USERS.acmeMember.email), input: schedule })).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("is flagged overdue by the periodic job when it did not arrive, and cleared by the next run", async () => {
    const acme = await clientActor(DEMO_USERS.acme.email);
    const input = rerunScheduleSchema.parse({ projectId: ENGAGEMENT, provider: null, modelId: "overdue-model", cadence: "weekly" });
    const { id } = await setRerunSchedule(t.db, { actor: acme, input });
    const inEightDays = new Date(Date.now() + 8 * 86_400_000);
    expect(await flagOverdueSchedules(t.db, new Date())).toMatchObject({ flagged: 0 });
    expect((await flagOverdueSchedules(t.db, inEightDays)).flagged).toBeGreaterThanOrEqual(1);
    const [flagged] = await t.db.select().from(rerunSchedules).where(eq(rerunSchedules.id, id));
    expect(flagged!.overdueAt).not.toBeNull();
    expect(
      await t.db.$count(
        emailOutbox,
        and(eq(emailOutbox.subject, "Scheduled re-run overdue: overdue-model"), eq(emailOutbox.toAddress, DEMO_USERS.acme.email)),
      ),
    ).toBe(1);
    // A second pass flags nothing again.
    expect((await flagOverdueSchedules(t.db, inEightDays)).flagged).toBe(0);

    const schedules = await listRerunSchedules(t.db, { actor: acme, projectId: ENGAGEMENT });
    expect(schedules.find((s) => s.id === id)?.overdueAt).not.toBeNull();
    const finding = await openAiFinding("Re-run: overdue target");
    await recordRerun(t.db, {
      actor: acme,
      projectId: ENGAGEMENT,
      input: rerunSchema.parse({
        provider: null,
        modelId: "overdue-model",
        modelVersion: "1",
        results: [{ findingId: finding, trials: 5, successes: 1 }],
      }),
    });
    const [cleared] = await t.db.select().from(rerunSchedules).where(eq(rerunSchedules.id, id));
    expect(cleared!.overdueAt).toBeNull();
    expect(cleared!.dueAt!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });
});

describe("a schedule on each model version", () => {
  it("has no run due until the client records a version, then one within the grace days", async () => {
    const acme = await clientActor(DEMO_USERS.acme.email);
    const input = rerunScheduleSchema.parse({
      projectId: ENGAGEMENT,
      provider: null,
      modelId: "versioned-model",
      cadence: "model_version",
    });
    const { id } = await setRerunSchedule(t.db, { actor: acme, input });
    const [before] = await t.db.select().from(rerunSchedules).where(eq(rerunSchedules.id, id));
    expect(before!.dueAt).toBeNull();
    await recordModelVersion(t.db, {
      actor: acme,
      input: { projectId: ENGAGEMENT, provider: null, modelId: "versioned-model", modelVersion: "v2" },
    });
    const [after] = await t.db.select().from(rerunSchedules).where(eq(rerunSchedules.id, id));
    expect(after!.dueAt!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect(after!.dueAt!.getTime()).toBeLessThan(Date.now() + 8 * 86_400_000);
  });
});

describe("the demo's scheduled re-runs", () => {
  it("compare Acme's two runs: the conversation finding still present, the other not seen and still open", async () => {
    const acme = await clientActor(DEMO_USERS.acme.email);
    const page = await getRunComparison(t.db, { actor: acme, runId: DEMO_RERUNS.secondRun });
    expect(page.previous?.id).toBe(DEMO_RERUNS.firstRun);
    expect(page.rows.map((r) => [r.title, r.change])).toEqual([
      [DEMO_RERUNS.conversation.title, "still_present"],
      [DEMO_RERUNS.notSeen.title, "not_seen"],
    ]);
    expect(page.rows[0]!.current).toMatchObject({ trials: 40, successes: 6, turnBudget: 10 });
    expect((await getFinding(t.db, { actor: acme, findingId: DEMO_RERUNS.notSeen.findingId })).status).toBe("open");
  });
});
