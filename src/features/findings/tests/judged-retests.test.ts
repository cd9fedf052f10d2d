// Judged measurements (docs/PRODUCT.md#measured-ai-findings): Verified Fixed needs a validated
// judge or a person's review; a judge's validation is recorded from a labelled sample; a lower rate
// is Reduced only when the difference is shown; another company reads none of it.
import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addFindingMeasurementAction, recordRetestResultAction } from "@/features/findings/actions/admin";
import { recordJudgeValidationAction } from "@/features/measurements/actions/judges";
import { getFinding } from "@/features/findings/server";
import { DEMO_CLIENTS } from "@/features/demo/server/demo-data";
import { DEMO_MEASURED } from "@/features/demo/server/demo-measurements";
import { judgeValidations } from "@/features/measurements/server/schema/judges";
import { findingMeasurements } from "@/features/measurements/server/schema/measurements";
import { findingEvents, findingRetests, findings } from "@/features/findings/server/schema/records";
import { projects } from "@/features/projects/server/schema";
import { adminCookie, clientActor, clientCookie } from "@tests/integration/helpers/admin-session";
import { authHeaders } from "@tests/integration/helpers/auth";
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

const asAdmin = async () => (requestHeaders.current = authHeaders(await adminCookie({ secondFactor: "totp" })));

/** A labelled sample as CSV: `caught` of `positives` real successes, `passed` of `negatives` real failures. */
function sampleCsv(positives: number, caught: number, negatives: number, passed: number) {
  const rows = ["human,judge"];
  for (let i = 0; i < positives; i += 1) rows.push(`1,${i < caught ? 1 : 0}`);
  for (let i = 0; i < negatives; i += 1) rows.push(`0,${i < passed ? 0 : 1}`);
  return rows.join("\n");
}

/** A published AI finding of Acme's waiting for its retest, measured once at k of n by `judgeName`. */
async function awaitingRetest(title: string, first: { successes: number; trials: number }, judgeName = "grader.Jailbreak") {
  const [project] = await t.db
    .insert(projects)
    .values({ clientId: DEMO_CLIENTS.acme.id, projectName: `Engagement of ${title}` })
    .returning({ id: projects.id });
  const [finding] = await t.db
    .insert(findings)
    .values({
      clientId: DEMO_CLIENTS.acme.id,
      projectId: project!.id,
      title,
      severity: "high",
      status: "fixed_pending_retest",
      publishedAt: new Date(),
      owaspLlm: ["LLM01"],
    })
    .returning({ id: findings.id });
  await t.db.insert(findingRetests).values({ findingId: finding!.id, note: "Patched the prompt", requestedByName: "Jordan Lee" });
  await asAdmin();
  expect(
    await addFindingMeasurementAction({
      findingId: finding!.id,
      trials: String(first.trials),
      successes: String(first.successes),
      modelId: "gateway-model",
      modelVersion: "2026-10",
      judgeName,
    }),
  ).toMatchObject({ success: true });
  return finding!.id;
}

const retestNote = async (findingId: string) => {
  const [event] = await t.db
    .select({ note: findingEvents.note, toStatus: findingEvents.toStatus })
    .from(findingEvents)
    .where(and(eq(findingEvents.findingId, findingId), eq(findingEvents.kind, "retest_result")));
  return event;
};

describe("Verified Fixed and the judge", () => {
  it("is refused on an unvalidated judge without a review, and allowed with a person's recorded review", async () => {
    const findingId = await awaitingRetest("Jailbreak judged by nobody checked", { successes: 7, trials: 50 });
    const clean = {
      findingId,
      trials: "200",
      successes: "0",
      modelId: "gateway-model",
      modelVersion: "2026-11",
      judgeName: "grader.Jailbreak",
    };
    const refused = await recordRetestResultAction(clean);
    expect(refused).toMatchObject({
      success: false,
      code: "bad_request",
      error: expect.stringMatching(/^Not shown fixed: judge not validated\. The judge \(grader\.Jailbreak\) has no recorded validation/),
    });
    expect(refused).toMatchObject({ error: expect.stringContaining("review a stated sample of this retest's outputs") });
    // Half a review is a 400 naming the missing field.
    expect(await recordRetestResultAction({ ...clean, reviewSample: "50" })).toMatchObject({
      success: false,
      fieldErrors: { reviewFound: expect.any(String), reviewerName: "Name the person who reviewed" },
    });
    // The reviewer found a success the judge missed: not fixed.
    expect(await recordRetestResultAction({ ...clean, reviewSample: "50", reviewFound: "1", reviewerName: "Sam Okafor" })).toMatchObject({
      success: false,
      error: "Not shown fixed: Sam Okafor found 1 success the judge missed in 50 outputs. Record the retest with those successes.",
    });

    expect(await recordRetestResultAction({ ...clean, reviewSample: "50", reviewFound: "0", reviewerName: "Sam Okafor" })).toEqual({
      success: true,
      data: { status: "verified_fixed" },
    });
    const [row] = await t.db
      .select({
        judgeName: findingMeasurements.judgeName,
        reviewSample: findingMeasurements.reviewSample,
        reviewFound: findingMeasurements.reviewFound,
        reviewerName: findingMeasurements.reviewerName,
      })
      .from(findingMeasurements)
      .where(and(eq(findingMeasurements.findingId, findingId), eq(findingMeasurements.source, "retest")));
    expect(row).toEqual({ judgeName: "grader.Jailbreak", reviewSample: 50, reviewFound: 0, reviewerName: "Sam Okafor" });
    expect((await retestNote(findingId))!.note).toContain("Sam Okafor reviewed 50 of the outputs and found 0 successes.");
    const detail = await getFinding(t.db, { actor: await clientActor(), findingId });
    expect(detail.measurements.at(-1)!.review).toEqual({ sample: 50, found: 0, reviewer: "Sam Okafor" });
  });

  it("is allowed on a validated judge whose corrected bound is under the firm's, and says how many trials would settle it otherwise", async () => {
    await asAdmin();
    const recorded = await recordJudgeValidationAction({
      judgeName: "grader.Validated",
      format: "csv",
      sample: sampleCsv(100, 82, 200, 194),
    });
    expect(recorded).toMatchObject({ success: true, data: { items: 300, sensitivity: 0.82, specificity: 0.97 } });

    const short = await awaitingRetest("Jailbreak, validated judge, short retest", { successes: 7, trials: 50 }, "grader.Validated");
    expect(
      await recordRetestResultAction({
        findingId: short,
        trials: "100",
        successes: "0",
        modelVersion: "2026-11",
        judgeName: "grader.Validated",
      }),
    ).toMatchObject({
      success: false,
      error:
        "Not shown fixed: the judge (grader.Validated) catches at least 73.3% of successes, so no success in 100 trials bounds the true rate at 4.0%, above the firm's 3.0%. About 137 trials with no success would settle it, or have a person review a stated sample of this retest's outputs and record the review.",
    });
    // Another version of the judge is another judge: not validated.
    expect(
      await recordRetestResultAction({
        findingId: short,
        trials: "200",
        successes: "0",
        modelVersion: "2026-11",
        judgeName: "grader.Validated",
        judgeVersion: "2",
      }),
    ).toMatchObject({ success: false, error: expect.stringContaining("judge not validated") });
    expect(
      await recordRetestResultAction({
        findingId: short,
        trials: "200",
        successes: "0",
        modelVersion: "2026-11",
        judgeName: "grader.Validated",
      }),
    ).toEqual({ success: true, data: { status: "verified_fixed" } });

    // The client reads the corrected bound beside the observed rate: the validation comes with the measurement.
    const detail = await getFinding(t.db, { actor: await clientActor(), findingId: short });
    expect(detail.measurements.at(-1)!.validation).toEqual({
      truePositives: 82,
      falseNegatives: 18,
      falsePositives: 6,
      trueNegatives: 194,
    });
  });
});

describe("a judge's validation", () => {
  it("reads CSV and JSONL labels, refuses a sample it cannot read with the row, and is the firm's alone", async () => {
    await asAdmin();
    const jsonl = ['{"human": "fail", "judge": "fail"}', '{"human": "pass", "judge": "pass"}', '{"human": true, "judge": false}'].join(
      "\n",
    );
    expect(
      await recordJudgeValidationAction({
        judgeName: "llm-judge",
        judgeModel: "gpt-4o",
        judgeRubricVersion: "v3",
        format: "jsonl",
        sample: jsonl,
      }),
    ).toMatchObject({
      success: true,
      data: { items: 3, sensitivity: 0.5, specificity: 1 },
    });
    const [row] = await t.db
      .select({ tp: judgeValidations.truePositives, fn: judgeValidations.falseNegatives, rubric: judgeValidations.judgeRubricVersion })
      .from(judgeValidations)
      .where(eq(judgeValidations.judgeName, "llm-judge"));
    expect(row).toEqual({ tp: 1, fn: 1, rubric: "v3" });

    expect(await recordJudgeValidationAction({ judgeName: "x", format: "csv", sample: "human,judge\n1,1\n0,maybe\n" })).toEqual({
      success: false,
      code: "bad_request",
      error: 'Row 3: the judge label "maybe" is neither a success (1, true, yes, fail) nor a failure (0, false, no, pass).',
      fieldErrors: { sample: expect.any(String) },
    });
    expect(await recordJudgeValidationAction({ judgeName: "x", format: "csv", sample: "human,judge\n1,1\n1,0\n" })).toMatchObject({
      success: false,
      error: expect.stringContaining("at least one success and one failure"),
    });
    expect(await recordJudgeValidationAction({ judgeName: "x", format: "jsonl", sample: "{not json" })).toMatchObject({
      success: false,
      error: "Line 1: not a JSON object.",
    });
    expect(await recordJudgeValidationAction({ judgeName: "", format: "csv", sample: "" })).toMatchObject({
      success: false,
      fieldErrors: { judgeName: "Name the judge", sample: "Add the labelled sample" },
    });

    requestHeaders.current = authHeaders(await clientCookie());
    expect(await recordJudgeValidationAction({ judgeName: "x", format: "csv", sample: sampleCsv(2, 1, 2, 2) })).toMatchObject({
      success: false,
      code: "forbidden",
    });
  });
});

describe("differences between measurements", () => {
  it("reads 4/50 after 5/50 as No significant change: Still Open, the interval on the timeline", async () => {
    const findingId = await awaitingRetest("Extraction a little lower", { successes: 5, trials: 50 });
    expect(
      await recordRetestResultAction({ findingId, result: "reduced", trials: "50", successes: "4", modelVersion: "2026-11" }),
    ).toMatchObject({
      success: false,
      error: "4 of 50 makes this retest Still Open, not Reduced.",
    });
    expect(await recordRetestResultAction({ findingId, trials: "50", successes: "4", modelVersion: "2026-11" })).toEqual({
      success: true,
      data: { status: "still_open" },
    });
    expect(await retestNote(findingId)).toEqual({
      toStatus: "still_open",
      note:
        "Still Open: 8.0% (4 of 50; 95% interval 3.2% to 18.8%) on 2026-11\n\n" +
        "No significant change: −2.0 points (95% interval −14.4 to +10.2 points) from the firm's previous measurement.",
    });
  });

  it("tests a retest against the firm's previous measurement, never a client's CI run", async () => {
    const findingId = await awaitingRetest("Extraction after a client's run", { successes: 30, trials: 100 });
    // The client's own run, later and much lower, is the client's account: it does not set the bar.
    await t.db
      .insert(findingMeasurements)
      .values({ findingId, source: "run", trials: 100, successes: 1, modelVersion: "2026-11", recordedByName: "CI" });
    expect(await recordRetestResultAction({ findingId, trials: "100", successes: "10", modelVersion: "2026-11" })).toEqual({
      success: true,
      data: { status: "reduced" },
    });
    expect((await retestNote(findingId))!.note).toContain("Reduced: −20.0 points");
  });
});

describe("who reads the judged demo", () => {
  it("shows Acme its jailbreak on the validated judge and its extraction unchanged, and Globex nothing", async () => {
    const acme = await clientActor();
    const jailbreak = await getFinding(t.db, { actor: acme, findingId: DEMO_MEASURED.jailbreak.findingId });
    expect(jailbreak.measurements.map((m) => [m.judgeName, m.validation?.truePositives ?? null])).toEqual([
      ["dan.DAN", 82],
      ["dan.DAN", 82],
    ]);
    const extraction = await getFinding(t.db, { actor: acme, findingId: DEMO_MEASURED.extraction.findingId });
    expect(extraction.retests.map((r) => r.result)).toEqual(["still_open"]);
    expect(extraction.events.map((e) => e.note).join("\n")).toContain("No significant change: −2.0 points");
    const rows = await t.db
      .select({ source: findingMeasurements.source })
      .from(findingMeasurements)
      .where(eq(findingMeasurements.findingId, DEMO_MEASURED.extraction.findingId))
      .orderBy(asc(findingMeasurements.createdAt));
    expect(rows).toHaveLength(2);

    const globex = await clientActor("client2@example.com");
    await expect(getFinding(t.db, { actor: globex, findingId: DEMO_MEASURED.jailbreak.findingId })).rejects.toMatchObject({ status: 404 });
    requestHeaders.current = authHeaders(await clientCookie("client2@example.com"));
    expect(
      await recordRetestResultAction({ findingId: DEMO_MEASURED.extraction.findingId, trials: "50", successes: "0", modelVersion: "x" }),
    ).toMatchObject({ success: false, code: "forbidden" });
  });
});
