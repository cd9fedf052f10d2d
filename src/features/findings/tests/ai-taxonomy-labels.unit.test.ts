// The AI-security taxonomy's labels, stored form and validation (docs/PRODUCT.md#admin-findings).
import { describe, expect, it } from "vitest";
import { atlasIdsSchema, findingInputSchema, owaspLlmIdsSchema } from "@/features/findings/validation";
import {
  ATLAS_TECHNIQUE_IDS,
  atlasTechniqueLabel,
  canonicalAtlas,
  canonicalOwaspLlm,
  OWASP_LLM_IDS,
  owaspLlmLabel,
} from "@/lib/domain/ai-taxonomy";

describe("labels", () => {
  it("name each id with its list's name; an id outside the lists shows as itself", () => {
    expect(owaspLlmLabel("LLM01")).toBe("LLM01 Prompt Injection");
    expect(owaspLlmLabel("LLM10")).toBe("LLM10 Unbounded Consumption");
    expect(atlasTechniqueLabel("AML.T0051")).toBe("AML.T0051 LLM Prompt Injection");
    expect(atlasTechniqueLabel("AML.T0051.001")).toBe("AML.T0051.001 LLM Prompt Injection: Indirect");
    expect(owaspLlmLabel("LLM11")).toBe("LLM11");
    expect(atlasTechniqueLabel("constructor")).toBe("constructor");
  });
});

describe("the stored form", () => {
  it("keeps each id once, in the list's order, and drops what is not in the list", () => {
    expect(canonicalOwaspLlm(["LLM10", "LLM02", "LLM10", "LLM99"])).toEqual(["LLM02", "LLM10"]);
    expect(canonicalAtlas(["AML.T0054", "AML.T0051.001", "AML.T0051", "toString"])).toEqual(["AML.T0051", "AML.T0051.001", "AML.T0054"]);
    expect(canonicalOwaspLlm([...OWASP_LLM_IDS].reverse())).toEqual(OWASP_LLM_IDS);
    expect(canonicalAtlas([...ATLAS_TECHNIQUE_IDS].reverse())).toEqual(ATLAS_TECHNIQUE_IDS);
  });
});

describe("validation", () => {
  it("accepts the lists' ids, in the stored form", () => {
    expect(owaspLlmIdsSchema.parse(["LLM07", "LLM01", "LLM07"])).toEqual(["LLM01", "LLM07"]);
    expect(atlasIdsSchema.parse([])).toEqual([]);
    // Left out, the taxonomy stays out: an edit without it keeps the finding's.
    const parsed = findingInputSchema.parse({ title: "T", severity: "low", atlas: ["AML.T0057"] });
    expect(parsed.atlas).toEqual(["AML.T0057"]);
    expect("owaspLlm" in parsed && parsed.owaspLlm !== undefined).toBe(false);
  });

  it("refuses an unknown id on the field, naming it", () => {
    const owasp = owaspLlmIdsSchema.safeParse(["LLM01", "LLM1"]);
    expect(owasp.success).toBe(false);
    expect(owasp.error?.issues).toMatchObject([{ path: [], message: "Unknown OWASP LLM category: LLM1" }]);
    expect(atlasIdsSchema.safeParse(["aml.t0051"]).error?.issues[0]?.message).toBe("Unknown MITRE ATLAS technique: aml.t0051");
    expect(owaspLlmIdsSchema.safeParse("LLM01").success).toBe(false);
    expect(owaspLlmIdsSchema.safeParse([1]).success).toBe(false);
    expect(owaspLlmIdsSchema.safeParse(Array.from({ length: 50 }, () => "LLM01")).success).toBe(false);
  });
});
