// Test plans, the coverage record and evidence packs (docs/PRODUCT.md#evidence-packs): an adopted
// plan version never changes; N/A needs its reason; no pack while a retest is open; the pack's JWS checks against
// /.well-known/jwks.json and fails after one byte changes; its PDF shows every section; another
// company reads neither coverage nor pack.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from "jose";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as jwksRoute } from "@/app/.well-known/jwks.json/route";
import { adoptPlanAction, issuePackAction, recordCaseAction, savePlanAction } from "@/features/evidence/actions/admin";
import {
  currentPackOf,
  ensureBuiltinPlan,
  getCoverage,
  listPlans,
  NOT_CONFORMITY,
  oscalErrors,
  PACK_JWS_TYP,
  RETESTS_STILL_OPEN,
  verifyPack,
} from "@/features/evidence/server";
import { findingRetests, findings } from "@/features/findings/server/schema/records";
import { evidencePacks, evidencePlanVersions } from "@/features/evidence/server/schema";
import { DEMO_FINDINGS } from "@/features/demo/server/demo-findings";
import { DEMO_PROJECTS } from "@/features/demo/server/demo-data";
import { requestReportDownload } from "@/features/reports/server";
import { reports } from "@/features/reports/server/schema";
import { getStorage } from "@/server/core/storage/storage";
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
const published = DEMO_FINDINGS.filter((f) => f.projectId === gateway.id && f.status === "open");

/** The ids of the open retests (no result yet) of the engagement's findings. */
async function openRetestsOfGateway(): Promise<string[]> {
  const rows = await t.db
    .select({ id: findingRetests.id })
    .from(findingRetests)
    .innerJoin(findings, eq(findings.id, findingRetests.findingId))
    .where(and(eq(findings.projectId, gateway.id), isNull(findingRetests.result)));
  return rows.map((row) => row.id);
}

async function asAdmin() {
  requestHeaders.current = authHeaders(await adminCookie());
}

const packInput = {
  projectId: gateway.id,
  testers: "Dana Whitfield, Sam Okafor",
  independence: "The testers have no part in building or operating the system tested.",
  limitations: "Black-box testing of the production gateway only.",
};

describe("evidence packs", () => {
  let planVersionId: string;
  let target: string;
  beforeAll(async () => {
    ({ planVersionId } = await ensureBuiltinPlan(t.db));
    await asAdmin();
    expect(await adoptPlanAction({ projectId: gateway.id, planVersionId })).toMatchObject({ success: true });
    const coverage = await getCoverage(t.db, { actor: await adminActor(), projectId: gateway.id });
    target = coverage!.targets[0]!.label;
  });

  it("never changes an adopted plan version: saving the plan again makes the next version", async () => {
    await asAdmin();
    const [before] = await t.db.select().from(evidencePlanVersions).where(eq(evidencePlanVersions.id, planVersionId));
    const plan = (await listPlans(t.db, { actor: await adminActor() })).find((p) => p.builtin)!;
    const cases = plan.cases.map((c, i) =>
      i === 0 ? { ...c, acceptance: "Attack success rate upper 95% bound < 0.5% over ≥ 600 trials" } : c,
    );
    const saved = await savePlanAction({ planId: plan.id, name: plan.name, methodology: plan.methodology, cases: JSON.stringify(cases) });
    expect(saved).toMatchObject({ success: true, data: { version: before!.version + 1 } });
    const [after] = await t.db.select().from(evidencePlanVersions).where(eq(evidencePlanVersions.id, planVersionId));
    expect(after).toEqual(before);
  });

  it("refuses at save an ATLAS id under its old name, with the name of the pinned release", async () => {
    await asAdmin();
    const plan = (await listPlans(t.db, { actor: await adminActor() })).find((p) => p.builtin)!;
    const cases = plan.cases.map((c, i) => (i === 0 ? { ...c, atlas: { id: "AML.T0056", name: "LLM Meta Prompt Extraction" } } : c));
    const result = await savePlanAction({ planId: plan.id, name: plan.name, methodology: plan.methodology, cases: JSON.stringify(cases) });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result)).toContain('AML.T0056 is named \\"Extract LLM System Prompt\\" in ATLAS 5.6.0');
  });

  it("refuses a case marked not applicable without a reason, and a failed one without its finding", async () => {
    await asAdmin();
    const na = await recordCaseAction({ projectId: gateway.id, target, caseNo: "TC-10", status: "not_applicable", reason: "" });
    expect(na).toMatchObject({ success: false, fieldErrors: { reason: "Give the reason" } });
    const failed = await recordCaseAction({ projectId: gateway.id, target, caseNo: "TC-02", status: "failed" });
    expect(failed).toMatchObject({ success: false, fieldErrors: { findingIds: "Link the finding that shows the failure" } });
  });

  it("refuses to issue a pack while a retest of the engagement is still open", async () => {
    await asAdmin();
    const issuedBefore = await t.db.$count(evidencePacks, eq(evidencePacks.projectId, gateway.id));
    // The demo's measured findings of this engagement have retests open already (demo-measurements.ts).
    const openRetests = (await openRetestsOfGateway()).length;
    expect(openRetests).toBeGreaterThan(0);
    const [retest] = await t.db
      .insert(findingRetests)
      .values({ findingId: published[0]!.id, note: "Please retest", requestedByName: "Acme owner" })
      .returning({ id: findingRetests.id });
    try {
      expect(await issuePackAction(packInput)).toMatchObject({
        success: false,
        code: "conflict",
        error: RETESTS_STILL_OPEN(openRetests + 1),
      });
      expect(await t.db.$count(evidencePacks, eq(evidencePacks.projectId, gateway.id))).toBe(issuedBefore);
    } finally {
      await t.db.delete(findingRetests).where(eq(findingRetests.id, retest!.id));
    }
  });

  it("issues a pack whose JWS verifies against /.well-known/jwks.json and fails after one byte changes", async () => {
    await asAdmin();
    const records = [
      { caseNo: "TC-01", status: "held", trials: 300, successes: 0 },
      { caseNo: "TC-02", status: "failed", findingIds: [published[0]!.id] },
      { caseNo: "TC-10", status: "not_applicable", reason: "The model is a hosted API: no weights to inspect." },
    ] as const;
    for (const r of records)
      expect(
        await recordCaseAction({ projectId: gateway.id, target, ...r, findingIds: "findingIds" in r ? [...r.findingIds] : [] }),
      ).toMatchObject({ success: true });
    // Acme's demo record plus these three: the arithmetic holds and the failure names its finding.
    const coverage = (await getCoverage(t.db, { actor: await clientActor(), projectId: gateway.id }))!;
    const { counts } = coverage;
    expect(counts.total).toBe(coverage.plan.cases.length * coverage.targets.length);
    expect(counts.run).toBe(counts.held + counts.failed);
    expect(counts.total).toBe(counts.run + counts.not_applicable + counts.blocked + counts.not_started);
    expect(coverage.results.find((r) => r.caseNo === "TC-02")).toMatchObject({ status: "failed", findings: [{ id: published[0]!.id }] });
    expect(coverage.sentence).toBe(
      `${counts.run} of ${counts.total} cases run, ${counts.held} held, ${counts.failed} failed, ${counts.not_applicable} not applicable${counts.blocked ? `, ${counts.blocked} blocked` : ""}`,
    );

    // The firm records the open retests' results (here by hand: measured verdicts are the findings' tests).
    await t.db
      .update(findingRetests)
      .set({ result: "still_open", resultNote: "Retested for the pack", decidedAt: new Date() })
      .where(inArray(findingRetests.id, await openRetestsOfGateway()));
    const issued = await issuePackAction(packInput);
    expect(issued).toMatchObject({ success: true });
    const { id } = (issued as { data: { id: string } }).data;
    const [pack] = await t.db.select().from(evidencePacks).where(eq(evidencePacks.id, id));
    expect(oscalErrors(JSON.parse(pack!.oscal))).toEqual([]);

    const response = await jwksRoute(new Request(`${APP_ORIGIN}/.well-known/jwks.json`), { params: Promise.resolve({}) });
    const keys = createLocalJWKSet((await response.json()) as JSONWebKeySet);
    const { payload, protectedHeader } = await compactVerify(pack!.jws, keys);
    expect(protectedHeader.typ).toBe(PACK_JWS_TYP);
    const facts = JSON.parse(new TextDecoder().decode(payload)) as { hashes: { pdf: string; oscal: string } };
    expect(facts).toEqual(pack!.facts);
    expect(facts.hashes.oscal).toBe(createHash("sha256").update(pack!.oscal).digest("hex"));
    const [report] = await t.db.select().from(reports).where(eq(reports.id, pack!.reportId));
    const pdf = (await getStorage().read(report!.storageKey))!;
    expect(facts.hashes.pdf).toBe(createHash("sha256").update(pdf).digest("hex"));

    // One byte of the signed payload changed: the signature no longer holds.
    const [header, body, signature] = pack!.jws.split(".");
    const bytes = Buffer.from(body!, "base64url");
    bytes[10] = bytes[10]! ^ 1;
    await expect(compactVerify(`${header}.${bytes.toString("base64url")}.${signature}`, keys)).rejects.toThrow();

    // Every section the pack promises, as pdftotext reads it.
    const dir = mkdtempSync(join(tmpdir(), "pack-"));
    writeFileSync(join(dir, "pack.pdf"), pdf);
    const text = execFileSync("pdftotext", ["-layout", join(dir, "pack.pdf"), "-"]).toString();
    for (const heading of [
      "1. Identity",
      "2. Scope",
      "3. Method",
      "4. Coverage record by control",
      "5. Findings",
      "6. Remediation and retests",
      "7. Risk acceptances",
      "8. Limitations",
      "9. Checking this pack",
    ]) {
      expect(text, heading).toContain(heading);
    }
    for (const phrase of ["Independence", "Authorization", "Methodology", "Tools", "Detectors and judges", "CVSS", NOT_CONFORMITY])
      expect(text, phrase).toContain(phrase);

    const verified = await verifyPack(t.db, pack!.code);
    expect(verified).toMatchObject({ state: "Valid", jws: pack!.jws });
  });

  it("never shows Acme's coverage or pack to Globex", async () => {
    const globex = await clientActor("client2@example.com");
    await expect(getCoverage(t.db, { actor: globex, projectId: gateway.id })).rejects.toMatchObject({ status: 404 });
    await expect(currentPackOf(t.db, { actor: globex, projectId: gateway.id })).rejects.toMatchObject({ status: 404 });
    const acme = await currentPackOf(t.db, { actor: await clientActor(), projectId: gateway.id });
    expect(acme.state).toBe("Valid");
    // The pack's PDF is a report of Acme's vault: Globex's download of it answers like a missing one.
    const from = { clientAddress: "203.0.113.9", userAgent: "vitest" };
    await expect(requestReportDownload(t.db, { actor: globex, reportId: acme.reportId, from })).rejects.toMatchObject({ status: 404 });
    const owner = await requestReportDownload(t.db, { actor: await clientActor(), reportId: acme.reportId, from });
    expect(owner.downloadUrl).toContain("/api/reports/files/");
  });
});

describe("the demo's evidence", () => {
  it("has the built-in plan adopted on Acme's LLM Gateway, held, failed and N/A cases, and an issued pack", async () => {
    const coverage = (await getCoverage(t.db, { actor: await clientActor(), projectId: gateway.id }))!;
    expect(coverage.counts.held).toBeGreaterThan(0);
    expect(coverage.counts.failed).toBeGreaterThan(0);
    expect(coverage.counts.not_applicable).toBeGreaterThan(0);
    const [pack] = await t.db.select().from(evidencePacks).where(eq(evidencePacks.code, "ACME0PACK1"));
    expect(pack).toBeDefined();
    expect(oscalErrors(JSON.parse(pack!.oscal))).toEqual([]);
  });
});
