// A scan import taken into the coverage record (docs/PRODUCT.md#evidence-packs): garak's and
// promptfoo's findings, imported into Acme's LLM Gateway engagement (the built-in plan adopted by
// the demo), fail the cases not started on the model they measured, with their counts; a failed
// case takes the link; a held, not applicable or blocked one is never overwritten; the Import's
// message counts the findings linked; the change is audited.
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as importRoute } from "@/app/api/admin/findings/import/route";
import { applyScanImportAction } from "@/features/evidence/actions/imports";
import { recordCaseAction } from "@/features/evidence/actions/admin";
import { type CoverageResult, getCoverage } from "@/features/evidence/server";
import { type ImportPreview } from "@/features/imports/server";
import { publishFindings } from "@/features/findings/server/findings-write";
import { recordModelVersion } from "@/features/measurements/server";
import { importSummary, linkedSummary } from "@/features/imports/components/admin/import-summary";
import { modelVersionSchema } from "@/features/measurements/validation";
import { DEMO_PROJECTS } from "@/features/demo/server/demo-data";
import { DEMO_FINDINGS } from "@/features/demo/server/demo-findings";
import { auditLog } from "@/features/audit/server/schema";
import { findings } from "@/features/findings/server/schema/records";
import { adminActor, adminCookie, clientActor } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });
const gateway = DEMO_PROJECTS.find((p) => p.projectName === "LLM Gateway Security Assessment")!;
const FIXTURES = path.resolve(import.meta.dirname, "../../../../tests/fixtures/findings-import");
const fixture = (format: string, file: string) => readFileSync(path.join(FIXTURES, format, file), "utf8");
/** Both sample files ran against openai's gpt-4o-mini: a target Acme names below. */
const TARGET = "openai/gpt-4o-mini";
/** A demo finding of the engagement the firm links by hand. */
const demoFinding = DEMO_FINDINGS.find((f) => f.projectId === gateway.id && f.status === "open")!;

async function asAdmin() {
  requestHeaders.current = authHeaders(await adminCookie());
}

/** Uploads and previews a file through the route, then applies it with the admin screen's Import; answers the message it shows. */
async function importFile(text: string, name: string) {
  await asAdmin();
  const form = new FormData();
  form.set("projectId", gateway.id);
  form.set("format", "");
  form.set("file", new File([text], name, { type: "application/json" }));
  const response = await importRoute(
    new Request(`${APP_ORIGIN}/api/admin/findings/import`, { method: "POST", headers: requestHeaders.current, body: form }),
    { params: Promise.resolve({}) },
  );
  expect(response.status).toBe(201);
  const { preview } = (await response.json()) as { preview: ImportPreview };
  const result = await applyScanImportAction({ importId: preview.id, markMissing: false });
  if (!result.success) throw new Error(result.error);
  return `Imported: ${importSummary(result.data)}${linkedSummary(result.data.linkedCount)}`;
}

async function cells(target: string) {
  const coverage = await getCoverage(t.db, { actor: await adminActor(), projectId: gateway.id });
  const byCase = new Map<string, CoverageResult>();
  for (const r of coverage!.results) if (r.target === target) byCase.set(r.caseNo, r);
  return byCase;
}

/** A cell as the test reads it: status, counts, and the rule ids (or titles) of its findings. */
async function cell(byCase: Map<string, CoverageResult>, caseNo: string) {
  const r = byCase.get(caseNo);
  if (!r) return null;
  const rules = await Promise.all(r.findings.map((f) => ruleOf(f.id)));
  return { status: r.status, trials: r.trials, successes: r.successes, findings: rules.sort() };
}

/** A finding's tool rule id, or its title when it has none. */
async function ruleOf(findingId: string) {
  const [row] = await t.db.select({ ruleId: findings.ruleId, title: findings.title }).from(findings).where(eq(findings.id, findingId));
  return row!.ruleId ?? row!.title;
}

const importAudits = () =>
  t.db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.action, "evidence.case_import"), eq(auditLog.entityId, gateway.id)));

describe("scan imports fill the coverage record", () => {
  beforeAll(async () => {
    // Acme names the model the samples ran against: a second target beside gateway-model.
    await recordModelVersion(t.db, {
      actor: await clientActor(),
      input: modelVersionSchema.parse({ projectId: gateway.id, provider: "openai", modelId: "gpt-4o-mini", modelVersion: "2024-07-18" }),
    });
    // The firm's own records on that target, which no import may overwrite.
    await asAdmin();
    const record = (input: Omit<Parameters<typeof recordCaseAction>[0], "projectId" | "target">) =>
      recordCaseAction({ projectId: gateway.id, target: TARGET, ...input });
    expect(await record({ caseNo: "TC-06", status: "held", trials: 300, successes: 0 })).toMatchObject({ success: true });
    expect(await record({ caseNo: "TC-09", status: "failed", findingIds: [demoFinding.id] })).toMatchObject({ success: true });
    expect(await record({ caseNo: "TC-29", status: "not_applicable", reason: "No package installs in this gateway." })).toMatchObject({
      success: true,
    });
  });

  it("links garak's findings: not started cases fail with the counts, a failed one takes the link, the others stay", async () => {
    const gatewayBefore = await cells("gateway-model");
    expect(await importFile(fixture("garak", "garak.report.jsonl"), "garak.report.jsonl")).toBe(
      "Imported: 6 new drafts, 0 already known, 2 not in this file, 5 linked to test cases",
    );
    const after = await cells(TARGET);
    // promptinject (3 of 6) and encoding (2 of 2) both show direct injection: the higher rate is kept.
    expect(await cell(after, "TC-01")).toEqual({
      status: "failed",
      trials: 2,
      successes: 2,
      findings: ["encoding.InjectBase64:encoding.DecodeMatch", "promptinject.HijackHateHumans:promptinject.AttackRogueString"],
    });
    expect(await cell(after, "TC-02")).toEqual({
      status: "failed",
      trials: 2,
      successes: 2,
      findings: ["encoding.InjectBase64:encoding.DecodeMatch"],
    });
    expect(await cell(after, "TC-03")).toEqual({
      status: "failed",
      trials: 4,
      successes: 1,
      findings: ["dan.Dan_11_0:dan.DAN", "dan.Dan_11_0:mitigation.MitigationBypass"],
    });
    // The firm's records: held and N/A untouched and unlinked; failed keeps its counts, takes leakreplay.
    expect(await cell(after, "TC-06")).toEqual({ status: "held", trials: 300, successes: 0, findings: [] });
    expect(await cell(after, "TC-09")).toEqual({
      status: "failed",
      trials: null,
      successes: null,
      findings: [await ruleOf(demoFinding.id), "leakreplay.LiteratureCloze:base.TriggerListDetector"].sort(),
    });
    expect(await cell(after, "TC-29")).toEqual({ status: "not_applicable", trials: null, successes: null, findings: [] });
    expect([...after.keys()].sort()).toEqual(["TC-01", "TC-02", "TC-03", "TC-06", "TC-09", "TC-29"]);
    // The client sees a case fail only once a finding that shows it is published (the imports are drafts).
    const clientCases = async () =>
      (await getCoverage(t.db, { actor: await clientActor("client@example.com"), projectId: gateway.id }))!.results
        .filter((r) => r.target === TARGET)
        .map((r) => r.caseNo)
        .sort();
    expect(await clientCases()).toEqual(["TC-06", "TC-09", "TC-29"]);
    const [encoding] = await t.db
      .select({ id: findings.id })
      .from(findings)
      .where(and(eq(findings.projectId, gateway.id), eq(findings.ruleId, "encoding.InjectBase64:encoding.DecodeMatch")));
    await publishFindings(t.db, { actor: await adminActor(), projectId: gateway.id, findingIds: [encoding!.id] });
    expect(await clientCases()).toEqual(["TC-01", "TC-02", "TC-06", "TC-09", "TC-29"]);
    // The other target is not touched.
    expect(await cells("gateway-model")).toEqual(gatewayBefore);
    const audits = await importAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({
      source: "garak: garak.report.jsonl",
      failed: [
        { case: "TC-01", target: TARGET },
        { case: "TC-02", target: TARGET },
        { case: "TC-03", target: TARGET },
      ],
      links: 6,
      // packagehallucination meets only TC-29, which the firm recorded not applicable.
      suggested: 1,
    });
  });

  it("changes nothing when the same file comes again, yet counts its findings as linked", async () => {
    const before = await cells(TARGET);
    expect(await importFile(fixture("garak", "garak.report.jsonl"), "garak.report.jsonl")).toBe(
      "Imported: 0 new drafts, 6 already known, 2 not in this file, 5 linked to test cases",
    );
    expect(await cells(TARGET)).toEqual(before);
    expect(await importAudits()).toHaveLength(1);
  });

  it("links promptfoo's findings the same way, and never turns a failed case's counts", async () => {
    // Six plugin groups fail (one plain assertion test is no finding of a plugin); all six meet cases.
    expect(await importFile(fixture("promptfoo", "results.json"), "results.json")).toBe(
      "Imported: 7 new drafts, 0 already known, 6 linked to test cases",
    );
    const after = await cells(TARGET);
    expect(await cell(after, "TC-19")).toEqual({ status: "failed", trials: 2, successes: 1, findings: ["excessive-agency"] });
    expect(await cell(after, "TC-22")).toEqual({ status: "failed", trials: 2, successes: 1, findings: ["prompt-extraction"] });
    // hallucination names no ATLAS technique: the LLM09 cases not recorded (TC-28, TC-30) fail by its OWASP id.
    expect(await cell(after, "TC-28")).toEqual({ status: "failed", trials: 1, successes: 1, findings: ["hallucination"] });
    expect((await cell(after, "TC-30"))?.findings).toEqual(["hallucination", "harmful:hate"]);
    // The jailbreak strategy adds AML.T0054: TC-03, failed by garak, takes the link and keeps garak's counts.
    expect(await cell(after, "TC-03")).toMatchObject({ status: "failed", trials: 4, successes: 1 });
    expect((await cell(after, "TC-03"))?.findings).toContain("pii:direct/jailbreak");
    expect(await cell(after, "TC-06")).toEqual({ status: "held", trials: 300, successes: 0, findings: [] });
    expect(await cell(after, "TC-29")).toEqual({ status: "not_applicable", trials: null, successes: null, findings: [] });
    expect(await importAudits()).toHaveLength(2);
  });
});
