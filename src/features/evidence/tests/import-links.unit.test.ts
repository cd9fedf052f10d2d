// How an imported scan finding meets the adopted plan's cases (docs/PRODUCT.md#evidence-packs): by
// its ATLAS technique (a technique and its own sub-techniques, never a sibling), else by its OWASP
// id; on the target its run names; a not started case fails with the highest measured rate, a failed
// one takes the link, any other record of the firm's only gets a suggestion.
import { describe, expect, it } from "vitest";
import { BUILTIN_CASES } from "@/features/evidence/server/builtin-plan";
import {
  type CaseImportFinding,
  casesOfImportedFinding,
  type CoverageTarget,
  planImportLinks,
  targetOfImportedFinding,
} from "@/features/evidence/validation";

const run = (successes: number, trials: number, modelId: string | null = "gpt-4o-mini", provider: string | null = "openai") => ({
  successes,
  trials,
  modelId,
  provider,
});
const finding = (
  id: string,
  ids: { owaspLlm?: string[]; atlas?: string[] },
  measurement: CaseImportFinding["measurement"] = run(1, 10),
): CaseImportFinding => ({
  id,
  status: "draft",
  owaspLlm: ids.owaspLlm ?? [],
  atlas: ids.atlas ?? [],
  measurement,
});
const WHOLE: CoverageTarget[] = [{ label: "Whole engagement", provider: null, modelId: null }];
const MODELS: CoverageTarget[] = [
  { label: "gateway-model", provider: null, modelId: "gateway-model" },
  { label: "openai/gpt-4o-mini", provider: "openai", modelId: "gpt-4o-mini" },
];

describe("casesOfImportedFinding", () => {
  it("meets the cases of the finding's ATLAS technique, exactly or as technique and sub-technique", () => {
    // garak promptinject: AML.T0051.000 is TC-01 (direct), not its sibling TC-02 (indirect).
    expect(casesOfImportedFinding(BUILTIN_CASES, { owaspLlm: ["LLM01"], atlas: ["AML.T0051.000"] })).toEqual(["TC-01"]);
    // garak encoding: the technique AML.T0051 meets both of its sub-techniques.
    expect(casesOfImportedFinding(BUILTIN_CASES, { owaspLlm: ["LLM01"], atlas: ["AML.T0051"] })).toEqual(["TC-01", "TC-02"]);
    // promptfoo harmful:hate: AML.T0048 meets TC-30's AML.T0048.003; its OWASP id is not used then.
    expect(casesOfImportedFinding(BUILTIN_CASES, { owaspLlm: ["LLM04"], atlas: ["AML.T0048"] })).toEqual(["TC-30"]);
    // Two cases mapped to one technique both meet it.
    expect(casesOfImportedFinding(BUILTIN_CASES, { owaspLlm: ["LLM02"], atlas: ["AML.T0057"] })).toEqual(["TC-06", "TC-09"]);
  });

  it("falls back to the OWASP id only when no case meets an ATLAS technique", () => {
    // promptfoo hallucination: LLM09 and no technique.
    expect(casesOfImportedFinding(BUILTIN_CASES, { owaspLlm: ["LLM09"], atlas: [] })).toEqual(["TC-28", "TC-29", "TC-30"]);
    // A technique no case has, with an OWASP id: the OWASP cases.
    expect(casesOfImportedFinding(BUILTIN_CASES, { owaspLlm: ["LLM10"], atlas: ["AML.T0999"] })).toEqual(["TC-31", "TC-32", "TC-33"]);
    expect(casesOfImportedFinding(BUILTIN_CASES, { owaspLlm: [], atlas: [] })).toEqual([]);
  });
});

describe("targetOfImportedFinding", () => {
  it("is the whole engagement when the engagement names no model, measured or not", () => {
    expect(targetOfImportedFinding(WHOLE, { measurement: run(1, 2) })).toBe("Whole engagement");
    expect(targetOfImportedFinding(WHOLE, { measurement: null })).toBe("Whole engagement");
  });

  it("is the target of the run's model, the provider's own first, a target without provider for any", () => {
    expect(targetOfImportedFinding(MODELS, { measurement: run(1, 2, "GPT-4o-mini", "OpenAI") })).toBe("openai/gpt-4o-mini");
    expect(targetOfImportedFinding(MODELS, { measurement: run(1, 2, "gateway-model", "openai") })).toBe("gateway-model");
    expect(targetOfImportedFinding(MODELS, { measurement: run(1, 2, "gpt-4o-mini", "azure") })).toBeNull();
    expect(targetOfImportedFinding(MODELS, { measurement: run(1, 2, "claude-3-5-sonnet", "anthropic") })).toBeNull();
    expect(targetOfImportedFinding(MODELS, { measurement: null })).toBeNull();
  });
});

describe("planImportLinks", () => {
  const target = "openai/gpt-4o-mini";
  const findings = [
    finding("inject", { owaspLlm: ["LLM01"], atlas: ["AML.T0051.000"] }, run(3, 6)),
    finding("encoded", { owaspLlm: ["LLM01"], atlas: ["AML.T0051"] }, run(2, 2)),
    finding("leak", { owaspLlm: ["LLM02"], atlas: ["AML.T0057"] }, run(2, 2)),
    finding("unmeasured", { owaspLlm: [], atlas: ["AML.T0060"] }, null),
  ];

  it("fails the cases not started, with the highest measured rate's counts, and links to failed ones", () => {
    const plan = planImportLinks({
      cases: BUILTIN_CASES,
      targets: WHOLE,
      recorded: [
        { target: "Whole engagement", caseNo: "TC-06", status: "held" },
        { target: "Whole engagement", caseNo: "TC-09", status: "failed" },
        { target: "Whole engagement", caseNo: "TC-29", status: "not_started" },
      ],
      findings,
    });
    expect(plan.failed).toEqual([
      { target: "Whole engagement", caseNo: "TC-01", findingIds: ["inject", "encoded"], trials: 2, successes: 2 },
      { target: "Whole engagement", caseNo: "TC-02", findingIds: ["encoded"], trials: 2, successes: 2 },
      { target: "Whole engagement", caseNo: "TC-29", findingIds: ["unmeasured"], trials: null, successes: null },
    ]);
    expect(plan.linked).toEqual([{ target: "Whole engagement", caseNo: "TC-09", findingIds: ["leak"] }]);
    expect(plan.linkedFindingIds.sort()).toEqual(["encoded", "inject", "leak", "unmeasured"]);
    expect(plan.suggestedFindingIds).toEqual([]);
  });

  it("leaves held, not applicable and blocked cells as the firm recorded them: the finding is a suggestion", () => {
    const plan = planImportLinks({
      cases: BUILTIN_CASES,
      targets: MODELS,
      recorded: [
        { target, caseNo: "TC-01", status: "held" },
        { target, caseNo: "TC-06", status: "not_applicable" },
        { target, caseNo: "TC-09", status: "blocked" },
        // The same case on another target does not count.
        { target: "gateway-model", caseNo: "TC-01", status: "failed" },
      ],
      findings: findings.slice(0, 3),
    });
    expect(plan.failed).toEqual([{ target, caseNo: "TC-02", findingIds: ["encoded"], trials: 2, successes: 2 }]);
    expect(plan.linked).toEqual([]);
    expect(plan.linkedFindingIds).toEqual(["encoded"]);
    expect(plan.suggestedFindingIds.sort()).toEqual(["inject", "leak"]);
  });

  it("links nothing for a finding of another model, one the firm closed, or one without a matching id", () => {
    const plan = planImportLinks({
      cases: BUILTIN_CASES,
      targets: MODELS,
      recorded: [],
      findings: [
        finding("other-model", { atlas: ["AML.T0054"] }, run(1, 4, "claude-3-5-sonnet", "anthropic")),
        { ...finding("false-positive", { atlas: ["AML.T0054"] }), status: "false_positive" },
        finding("no-ids", { owaspLlm: ["LLM11"] }),
      ],
    });
    expect(plan).toEqual({ failed: [], linked: [], linkedFindingIds: [], suggestedFindingIds: [] });
  });

  it("breaks a tie of rates by the larger number of trials", () => {
    const plan = planImportLinks({
      cases: BUILTIN_CASES,
      targets: WHOLE,
      recorded: [],
      findings: [finding("small", { atlas: ["AML.T0054"] }, run(1, 4)), finding("large", { atlas: ["AML.T0054"] }, run(25, 100))],
    });
    expect(plan.failed).toEqual([
      { target: "Whole engagement", caseNo: "TC-03", findingIds: ["small", "large"], trials: 100, successes: 25 },
    ]);
  });
});
