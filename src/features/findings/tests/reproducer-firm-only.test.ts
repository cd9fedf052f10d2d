// The signed reproducer is the firm's alone (docs/PRODUCT.md#measured-ai-findings): a run the
// client's CI posts back (its provider, model, version, grader and size) is stored and shown, but
// the next signed file is built from the firm's own measurements only, with a grader from the
// firm's list, and still verifies against the served JWKS.
import { base64url, compactVerify, createLocalJWKSet, type JSONWebKeySet } from "jose";
import { describe, expect, it, vi } from "vitest";
import { GET as jwksRoute } from "@/app/.well-known/jwks.json/route";
import { POST as reproducerRoute } from "@/app/api/client/findings/[id]/reproducer/route";
import { POST as runsRoute } from "@/app/api/v1/findings/[id]/runs/route";
import { confirmFreshSecondFactor } from "@/features/identity/server";
import { createApiToken } from "@/features/api/server";
import { addFindingMeasurement } from "@/features/findings/server/measurements";
import { reproducerGrader } from "@/features/findings/server/reproducer";
import { DEMO_PASSWORDS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { DEMO_MEASURED } from "@/features/demo/server/demo-measurements";
import { adminActor, clientActor } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);
const t = setupTestDatabase({ seedDemo: true });

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Reproducer = { content: string; signature: string };
const JAILBREAK = DEMO_MEASURED.jailbreak.findingId;

/** The owner's reproducer of the demo jailbreak, after the fresh proof; its signature checked against the JWKS. */
async function signedReproducer(): Promise<string> {
  const cookie = await sessionCookie(DEMO_USERS.acme.email);
  await confirmFreshSecondFactor(t.db, authHeaders(cookie), { password: DEMO_PASSWORDS.client });
  const headers = authHeaders(cookie);
  headers.set("content-type", "application/json");
  const response = await (reproducerRoute as Handler)(
    new Request(`${APP_ORIGIN}/api/client/findings/${JAILBREAK}/reproducer`, { method: "POST", headers, body: "{}" }),
    { params: Promise.resolve({ id: JAILBREAK }) },
  );
  expect(response.status).toBe(200);
  const file = (await response.json()) as Reproducer;
  const [header, , signature] = file.signature.split(".");
  const jwks = (await (await jwksRoute(new Request(`${APP_ORIGIN}/.well-known/jwks.json`))).json()) as JSONWebKeySet;
  const verified = await compactVerify(
    `${header}.${base64url.encode(new TextEncoder().encode(file.content))}.${signature}`,
    createLocalJWKSet(jwks),
  );
  expect(new TextDecoder().decode(verified.payload)).toBe(file.content);
  return file.content;
}

/** A run posted by the client's CI with a findings:write token, as the reproducer's comments say. */
async function postRun(json: Record<string, unknown>) {
  const { secret } = await createApiToken(t.db, {
    actor: await clientActor(DEMO_USERS.acme.email),
    name: "CI",
    scopes: ["findings:write"],
    lifetimeDays: 30,
  });
  const response = await (runsRoute as Handler)(
    new Request(`${APP_ORIGIN}/api/v1/findings/${JAILBREAK}/runs`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: JSON.stringify(json),
    }),
    { params: Promise.resolve({ id: JAILBREAK }) },
  );
  expect(response.status).toBe(201);
}

describe("the signed reproducer after a client's run", () => {
  it("carries none of the run's target, grader or size: the firm's latest measurement, signed and verifying", async () => {
    const before = await signedReproducer();
    await postRun({
      trials: 5000,
      successes: 0,
      provider: "attacker",
      modelId: "chosen-model",
      modelVersion: "v9",
      probe: "chosen.Probe",
      detector: "promptfoo:redteam:pii",
    });
    const after = await signedReproducer();
    for (const chosen of ["attacker", "chosen-model", "v9", "chosen.Probe", "promptfoo:redteam:pii", "repeat: 5000"])
      expect(after).not.toContain(chosen);
    // The firm's retest (0 of 200 on gateway-model 2026-11, garak's detector): the same file as before, date aside.
    expect(after).toContain('    label: "gateway-model 2026-11"');
    expect(after).toContain("evaluateOptions:\n  repeat: 200\n");
    expect(after).toContain("      - type: llm-rubric\n");
    expect(after).toBe(before);
  });

  it("takes the firm's next measurement, and its grader only when the firm's list has it", async () => {
    const admin = await adminActor();
    const measure = (detector: string) =>
      addFindingMeasurement(t.db, {
        actor: admin,
        input: {
          findingId: JAILBREAK,
          trials: 300,
          successes: 0,
          provider: "openai",
          modelId: "gateway-model",
          modelVersion: "2026-12",
          systemPromptSha256: null,
          toolManifestSha256: null,
          guardrailConfigSha256: null,
          probe: null,
          detector,
          judgeName: null,
          judgeVersion: null,
          judgeModel: null,
          judgeRubricVersion: null,
          measuredOn: null,
        },
      });
    await measure("promptfoo:redteam:harmful:hate");
    const listed = await signedReproducer();
    expect(listed).toContain('  - id: "openai:gateway-model"');
    expect(listed).toContain("evaluateOptions:\n  repeat: 300\n");
    expect(listed).toContain('      - type: "promptfoo:redteam:harmful:hate"\n');

    // A detector off the list, even in the firm's own measurement, is no grader: the rubric names it.
    await measure("promptfoo:redteam:custom-grader");
    const unlisted = await signedReproducer();
    expect(unlisted).toContain("      - type: llm-rubric\n");
    expect(unlisted).not.toContain('type: "promptfoo:redteam:custom-grader"');

    // A later client run changes none of it.
    await postRun({
      trials: 9000,
      successes: 0,
      provider: "attacker",
      modelId: "chosen-model",
      modelVersion: "v9",
      detector: "promptfoo:redteam:pii",
    });
    expect(await signedReproducer()).toBe(unlisted);
  });

  it("names a grader only for a listed plugin (or one of its categories)", () => {
    expect(reproducerGrader("promptfoo:redteam:prompt-extraction")).toBe("promptfoo:redteam:prompt-extraction");
    expect(reproducerGrader("promptfoo:redteam:pii:direct")).toBe("promptfoo:redteam:pii:direct");
    for (const other of ["promptfoo:redteam:custom", "javascript", "python:file.py", "promptfoo:redteam:pii:x y", "dan.DAN", null])
      expect(reproducerGrader(other)).toBeNull();
  });
});
