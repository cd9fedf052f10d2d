// The model-testing tools' counts: garak's and promptfoo's files with repeated attempts read as
// trials n and successes k per finding, with the model the file names.
import { describe, expect, it } from "vitest";
import { promptfooModel, splitModelName } from "@/features/imports/server/importers/model-name";
import { fixtureBytes, readAll } from "./read-fixture";

describe("garak's counts", () => {
  it("takes each probe and detector's scored outputs as trials and its failures as successes, on the run's model", async () => {
    const findings = await readAll("garak", fixtureBytes("garak", "garak.repeated-run1.report.jsonl"));
    expect(findings.map((f) => [f.ruleId, f.measurement])).toEqual([
      [
        "dan.Dan_11_0:dan.DAN",
        {
          trials: 20, // 4 attempts of 5 generations each
          successes: 3,
          provider: "openai",
          modelId: "gpt-4o-mini-2024-07-18",
          modelVersion: "2024-07-18",
          probe: "dan.Dan_11_0",
          detector: "dan.DAN",
        },
      ],
      [
        "promptinject.HijackHateHumans:promptinject.AttackRogueString",
        expect.objectContaining({
          trials: 50,
          successes: 7,
          probe: "promptinject.HijackHateHumans",
          detector: "promptinject.AttackRogueString",
        }),
      ],
    ]);
    expect(findings[0]!.assets).toBe("gpt-4o-mini-2024-07-18");
  });

  it("names only garak's generator family as the provider when the run names no model", async () => {
    const lines = [
      JSON.stringify({ entry_type: "start_run setup", "plugins.model_type": "huggingface.Model" }),
      JSON.stringify({ entry_type: "eval", probe: "dan.Dan_11_0", detector: "dan.DAN", passed: 1, total: 4 }),
    ].join("\n");
    const [finding] = await readAll("garak", lines);
    expect(finding!.measurement).toMatchObject({ trials: 4, successes: 3, provider: "huggingface", modelId: null, modelVersion: null });
  });

  it("refuses an eval entry whose counts are not whole numbers", async () => {
    const line = JSON.stringify({ entry_type: "eval", probe: "dan.Dan_11_0", detector: "dan.DAN", passed: 1.5, total: 4 });
    await expect(readAll("garak", line)).rejects.toThrow("line 1: the eval entry's passed and total are not counts.");
  });
});

describe("promptfoo's counts", () => {
  it("counts every graded result of a plugin and strategy, repeats included and errors not, on the one provider named", async () => {
    const findings = await readAll("promptfoo", fixtureBytes("promptfoo", "results.repeated.json"));
    expect(findings.map((f) => [f.ruleId, f.measurement])).toEqual([
      [
        "prompt-extraction",
        {
          trials: 20, // 4 cases repeated 5 times; the sixth repeat of one errored (HTTP 429) and is no trial
          successes: 3,
          provider: "openai",
          modelId: "gpt-4o-mini-2024-07-18",
          modelVersion: "2024-07-18",
          probe: "prompt-extraction",
          detector: "promptfoo:redteam:prompt-extraction",
        },
      ],
      [
        "pii:direct/jailbreak",
        expect.objectContaining({ trials: 10, successes: 1, probe: "pii:direct/jailbreak", detector: "promptfoo:redteam:pii" }),
      ],
    ]);
  });

  it("names no model when a group's results come from several providers", async () => {
    const result = (provider: string, success: boolean) => ({ success, provider: { id: provider }, metadata: { pluginId: "hijacking" } });
    const doc = JSON.stringify({
      results: { results: [result("openai:gpt-4o", false), result("anthropic:messages:claude-3-5-haiku-20241022", true)] },
    });
    const [finding] = await readAll("promptfoo", doc);
    expect(finding!.measurement).toMatchObject({ trials: 2, successes: 1, provider: null, modelId: null, modelVersion: null });
  });
});

describe("promptfoo's multi-turn strategies", () => {
  it("keep each conversation's session id and turns, the budget and the seed prompts", async () => {
    const turn = { prompt: "…", output: "…" };
    const result = (session: string, turns: number, goal: string, success: boolean) => ({
      success,
      provider: { id: "openai:gpt-4o" },
      metadata: {
        pluginId: "harmful:hate",
        strategyId: "crescendo",
        sessionId: session,
        redteamHistory: Array(turns).fill(turn),
        originalText: goal,
        maxTurns: 10,
      },
    });
    const doc = JSON.stringify({
      results: {
        results: [
          result("s-1", 4, "seed A", false),
          result("s-2", 10, "seed A", true),
          result("s-3", 6, "seed B", true),
          result("s-4", 2, "seed B", true),
        ],
      },
    });
    const [finding] = await readAll("promptfoo", doc);
    expect(finding!.measurement).toMatchObject({ trials: 4, successes: 1, turnsUsed: 22, turnBudget: 10, seedPrompts: 2 });
    expect(finding!.description).toContain("Conversations:\n- s-1 (4 turns)\n- s-2 (10 turns)");
  });
});

describe("a model's name", () => {
  it("splits a version written after @ or a date at the end, and keeps the id as the provider spells it", () => {
    expect(splitModelName("gateway-model@2026-10")).toEqual({ modelId: "gateway-model", modelVersion: "2026-10" });
    expect(splitModelName("claude-3-5-sonnet-20241022")).toEqual({ modelId: "claude-3-5-sonnet-20241022", modelVersion: "20241022" });
    expect(splitModelName("llama3")).toEqual({ modelId: "llama3", modelVersion: null });
    expect(promptfooModel("openai:chat:gpt-4o-mini")).toEqual({ provider: "openai", modelId: "gpt-4o-mini", modelVersion: null });
    expect(promptfooModel("bedrock:anthropic.claude-3-haiku-20240307-v1:0")).toMatchObject({
      provider: "bedrock",
      modelId: "anthropic.claude-3-haiku-20240307-v1:0",
    });
    expect(promptfooModel("https://api.example.com/chat")).toEqual({ provider: "http", modelId: null, modelVersion: null });
  });
});

describe("garak's multi-turn attempts", () => {
  it("keep each attempt's id and turns when its prompt is a conversation of several user turns", async () => {
    const turn = (role: string) => ({ role, content: { text: "…" } });
    const attempt = (uuid: string, failed: boolean) =>
      JSON.stringify({
        entry_type: "attempt",
        status: 2,
        uuid,
        probe_classname: "fitd.FITD",
        prompt: { turns: [turn("user"), turn("assistant"), turn("user"), turn("assistant"), turn("user")] },
        outputs: [{ text: failed ? "Sure" : "No" }],
        detector_results: { "judge.Refusal": [failed ? 1 : 0] },
      });
    const report = [
      attempt("a-1", true),
      attempt("a-2", false),
      JSON.stringify({ entry_type: "eval", probe: "fitd.FITD", detector: "judge.Refusal", passed: 1, total: 2 }),
    ].join("\n");
    const [finding] = await readAll("garak", report);
    expect(finding!.measurement).toMatchObject({ trials: 2, successes: 1, turnsUsed: 6 });
    expect(finding!.description).toContain("Conversations:\n- a-1 (3 turns)\n- a-2 (3 turns)");
  });
});
