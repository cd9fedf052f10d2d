// PyRIT's attack results (docs/PRODUCT.md#measured-ai-findings): one finding per attack with a
// success, its conversations the trials (an undetermined one is none), the conversation ids and
// turns kept, the objectives the seed prompts of the clustered interval.
import { describe, expect, it } from "vitest";
import { detectFormat } from "@/features/imports/server/importers";
import { fixtureBytes, readAll, refusalOf } from "./read-fixture";

const sample = fixtureBytes("pyrit", "crescendo.json");
const bytes = (text: string) => new TextEncoder().encode(text);

describe("the PyRIT reader", () => {
  it("makes a finding of each attack with a success, counted per conversation with its turns", async () => {
    const findings = await readAll("pyrit", sample);
    // PromptSendingAttack never achieved its objective: no finding.
    expect(findings.map((f) => [f.ruleId, f.owaspLlm, f.atlas])).toEqual([["pyrit:CrescendoAttack", ["LLM01"], ["AML.T0054"]]]);
    const [crescendo] = findings;
    // Three conversations with an outcome (the undetermined one is no trial), one success, two objectives.
    expect(crescendo!.measurement).toMatchObject({
      trials: 3,
      successes: 1,
      modelId: "gateway-model",
      modelVersion: "2026-11",
      probe: "CrescendoAttack",
      turnsUsed: 21,
      turnBudget: 10,
      seedPrompts: 2,
    });
    expect(crescendo!.measurement!.effectiveTrials).toBeGreaterThanOrEqual(1);
    expect(crescendo!.measurement!.effectiveTrials).toBeLessThanOrEqual(3);
    expect(crescendo!.description).toContain("6f1c2a40-0001-4c1e-9a51-2a7f0c000001: objective achieved in 4 turns");
    expect(crescendo!.description).toContain("6f1c2a40-0002-4c1e-9a51-2a7f0c000002: failed in 10 turns");
    expect(crescendo!.evidence).toContain("Conversation 6f1c2a40-0001-4c1e-9a51-2a7f0c000001 (4 turns)");
  });

  it("is detected by its conversation ids and objectives", () => {
    expect(detectFormat("results.json", sample)).toBe("pyrit");
  });

  it("refuses a file without results or a result without its conversation id", async () => {
    expect(await refusalOf("pyrit", bytes('{"a": 1}'))).toMatch(/no list of attack results/);
    expect(await refusalOf("pyrit", bytes('[{"objective": "x", "outcome": "success"}]'))).toBe(
      "Not a valid PyRIT file: result 1: it has no conversation_id.",
    );
  });
});
