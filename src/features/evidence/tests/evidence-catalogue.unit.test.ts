// The evidence slice's pure parts (docs/PRODUCT.md#evidence-packs): ids checked against the
// catalogue (a renamed ATLAS technique refused with its name as published), the coverage
// arithmetic, the built-in plan, and the OSCAL twin against the OSCAL schema in the repository.
import { describe, expect, it } from "vitest";
import { BUILTIN_CASES } from "@/features/evidence/server/builtin-plan";
import { buildOscal, oscalErrors } from "@/features/evidence/server/oscal";
import {
  ATLAS_RELEASE,
  caseMatch,
  catalogueRefusal,
  coverageByFamily,
  coverageCells,
  coverageSentence,
  countCells,
  findingsForCase,
  type PlanCase,
  planCasesSchema,
} from "@/features/evidence/validation";

const base: PlanCase = BUILTIN_CASES[0]!;

describe("catalogue", () => {
  it("refuses an ATLAS id under a name the named release does not give it, and suggests the right name", () => {
    expect(ATLAS_RELEASE).toBe("ATLAS 5.6.0");
    expect(catalogueRefusal("atlas", "AML.T0056", "LLM Meta Prompt Extraction")).toBe(
      'AML.T0056 is named "Extract LLM System Prompt" in ATLAS 5.6.0, not "LLM Meta Prompt Extraction".',
    );
    expect(catalogueRefusal("atlas", "AML.T0056", "Extract LLM System Prompt")).toBeNull();
    expect(catalogueRefusal("atlas", "AML.T0054")).toBeNull();
  });

  it("refuses an unknown id, naming the id whose name matches", () => {
    expect(catalogueRefusal("atlas", "AML.T9999", "LLM Jailbreak")).toBe(
      'AML.T9999 is not in ATLAS 5.6.0: did you mean AML.T0054 "LLM Jailbreak"?',
    );
    expect(catalogueRefusal("owasp", "LLM11")).toMatch(/LLM11 is not in OWASP Top 10 for LLM Applications 2025/);
    expect(catalogueRefusal("euAiAct", "Art. 99")).not.toBeNull();
    expect(catalogueRefusal("iso42001", "A.6.2.4")).toBeNull();
    expect(catalogueRefusal("nist", "MEASURE 2.7")).toBeNull();
  });

  it("checks a plan's cases at save: every refusal is a field error of its case", () => {
    const result = planCasesSchema.safeParse([
      { ...base, atlas: { id: "AML.T0029", name: "Denial of ML Service" } },
      { ...base, no: "TC-02", owasp: "LLM11", iso42001: ["A.99"] },
    ]);
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join("."), i.message]);
    expect(issues).toEqual([
      ["0.atlas", 'TC-01: AML.T0029 is named "Denial of AI Service" in ATLAS 5.6.0, not "Denial of ML Service".'],
      ["1.owasp", "TC-02: LLM11 is not in OWASP Top 10 for LLM Applications 2025."],
      ["1.iso42001", "TC-02: A.99 is not in ISO/IEC 42001:2023 Annex A."],
    ]);
  });

  it("ships a built-in plan covering LLM01 to LLM10 with at least 30 cases, every id in the catalogue", () => {
    expect(planCasesSchema.safeParse(BUILTIN_CASES).success).toBe(true);
    expect(BUILTIN_CASES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(BUILTIN_CASES.map((c) => c.owasp))).toEqual(
      new Set(["LLM01", "LLM02", "LLM03", "LLM04", "LLM05", "LLM06", "LLM07", "LLM08", "LLM09", "LLM10"]),
    );
  });
});

describe("coverage arithmetic", () => {
  const cases = BUILTIN_CASES.slice(0, 6);
  it("counts each case on each target once; run is held plus failed; a case without a result is not started", () => {
    const cells = coverageCells(
      cases,
      ["gw/a", "gw/b"],
      [
        { caseNo: "TC-01", target: "gw/a", status: "held" },
        { caseNo: "TC-02", target: "gw/a", status: "failed" },
        { caseNo: "TC-03", target: "gw/a", status: "not_applicable" },
        { caseNo: "TC-04", target: "gw/b", status: "blocked" },
        { caseNo: "TC-99", target: "gw/a", status: "held" },
      ],
    );
    const counts = countCells(cells);
    expect(counts).toEqual({ total: 12, run: 2, held: 1, failed: 1, not_applicable: 1, blocked: 1, not_started: 8 });
    expect(coverageSentence(counts)).toBe("2 of 12 cases run, 1 held, 1 failed, 1 not applicable, 1 blocked");
    const owasp = coverageByFamily(cases, cells).find((f) => f.family === "owasp")!;
    expect(owasp.counts.total).toBe(12);
    expect(owasp.controls.map((c) => [c.id, c.counts.total, c.counts.held])).toEqual([
      ["LLM01", 10, 1],
      ["LLM02", 2, 0],
    ]);
  });

  it("says the issue's sentence", () => {
    const counts = { total: 46, run: 41, held: 37, failed: 4, not_applicable: 5, blocked: 0, not_started: 0 };
    expect(coverageSentence(counts)).toBe("41 of 46 cases run, 37 held, 4 failed, 5 not applicable");
  });
});

describe("OSCAL twin", () => {
  it("validates against the OSCAL assessment-results schema, and a broken document does not", () => {
    const document = buildOscal({
      packId: "0b7a4c8e-6f7e-4a43-9d1e-3f2f8d7f8b10",
      title: "Evidence pack",
      issuedAt: new Date("2026-11-20T10:00:00Z"),
      firm: "Firm",
      client: "Acme",
      planVersionId: "6c7f1d2e-7a42-4f0e-9c4f-2d0a3b5e6f70",
      plan: { name: "Plan", version: 1, methodology: "Method", cases: BUILTIN_CASES },
      window: { start: "2026-09-01", end: "2026-11-07" },
      results: [
        { caseNo: "TC-01", target: "gw/a", status: "held", trials: 300, successes: 0, reason: null, recordedAt: "2026-11-01T10:00:00Z" },
        {
          caseNo: "TC-02",
          target: "gw/a",
          status: "failed",
          trials: null,
          successes: null,
          reason: null,
          recordedAt: "2026-11-01T10:00:00Z",
        },
        {
          caseNo: "TC-10",
          target: "gw/a",
          status: "not_applicable",
          trials: null,
          successes: null,
          reason: "Hosted model",
          recordedAt: "2026-11-01T10:00:00Z",
        },
      ],
    });
    expect(oscalErrors(document)).toEqual([]);
    const broken = structuredClone(document) as { "assessment-results": { results: { uuid?: string }[] } };
    delete broken["assessment-results"].results[0]!.uuid;
    expect(oscalErrors(broken).length).toBeGreaterThan(0);
  });
});

describe("imported findings meet cases by the plan's mapping", () => {
  const injection = BUILTIN_CASES.find((c) => c.no === "TC-01")!; // AML.T0051.000, LLM01
  it("by the ATLAS technique (a sub-technique meets its technique), else by the OWASP id", () => {
    const found = findingsForCase(injection, [
      { id: "other", owaspLlm: ["LLM10"], atlas: ["AML.T0029"] },
      { id: "owasp", owaspLlm: ["LLM01"], atlas: ["AML.T0054"] },
      { id: "garak", owaspLlm: ["LLM01"], atlas: ["AML.T0051"] },
    ]);
    expect(found.map((f) => [f.id, f.match])).toEqual([
      ["garak", "atlas"],
      ["owasp", "owasp"],
      ["other", null],
    ]);
    expect(caseMatch(injection, { owaspLlm: [], atlas: [] })).toBeNull();
  });
});
