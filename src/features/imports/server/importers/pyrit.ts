import "server-only";
import type { FindingSeverity } from "@/lib/domain/finding";
import { effectiveTrials } from "@/lib/domain/clustered-rate";
import { MEASUREMENT_TRIALS_MAX } from "@/lib/domain/finding-measurement";
import { importedFinding, isObject, lines, paragraphs, refuse, textOf, type ImportedFinding } from "./imported-finding";
import { readJsonDocument } from "./json-document";
import { splitModelName } from "./model-name";

const TOOL = "PyRIT";

/** Conversations named in a finding's description, and successful ones kept as evidence. */
const CONVERSATIONS_LISTED = 20;
const EXAMPLES_MAX = 5;
const EXAMPLE_TEXT_MAX = 2000;

// PyRIT's attack results (its AttackResult, one a conversation, as a list in a JSON file: a bare
// array, or under "attack_results" or "results"): the conversation id, the objective, the attack
// that ran it (attack_identifier, or orchestrator_identifier in older releases), the turns it
// executed and its outcome (success, failure, undetermined; older releases: achieved_objective).
// Each attack with a success is one finding; its conversations are the trials, clustered by
// objective (several conversations may pursue one seed objective).

type Conversation = { id: string; objective: string; turns: number | null; success: boolean; lastResponse: string; reason: string };
type Attack = { name: string; conversations: Conversation[]; budget: number | null; model: string };

const resultsOf = (document: unknown): unknown[] => {
  if (Array.isArray(document)) return document;
  if (isObject(document)) {
    const list = document.attack_results ?? document.results;
    if (Array.isArray(list)) return list;
  }
  throw refuse(TOOL, 'it holds no list of attack results (a JSON array, or "attack_results").');
};

const identifierOf = (result: Record<string, unknown>) => {
  const identifier = isObject(result.attack_identifier)
    ? result.attack_identifier
    : isObject(result.orchestrator_identifier)
      ? result.orchestrator_identifier
      : {};
  return textOf(identifier.__type__) || textOf(identifier.name) || "Attack";
};

const whole = (value: unknown): number | null => (typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null);

/** success / failure / undetermined; an undetermined conversation is no trial (its outcome is unknown). */
function outcomeOf(result: Record<string, unknown>): boolean | null {
  const outcome = textOf(result.outcome)
    .toLowerCase()
    .replace(/^attackoutcome\./, "");
  if (outcome === "success") return true;
  if (outcome === "failure") return false;
  if (outcome === "undetermined") return null;
  if (typeof result.achieved_objective === "boolean") return result.achieved_objective;
  return null;
}

const textOfResponse = (value: unknown): string =>
  isObject(value) ? textOf(value.converted_value) || textOf(value.original_value) : textOf(value);

const modelOf = (result: Record<string, unknown>): string => {
  const metadata = isObject(result.metadata) ? result.metadata : {};
  const target = isObject(result.objective_target_identifier) ? result.objective_target_identifier : {};
  return textOf(metadata.model_name) || textOf(target.model_name) || textOf(metadata.objective_target) || "";
};

export async function* readPyrit(source: AsyncIterable<Uint8Array>): AsyncGenerator<ImportedFinding> {
  const results = resultsOf(await readJsonDocument(source, TOOL));
  const attacks = new Map<string, Attack>();
  results.forEach((result, index) => {
    const at = `result ${index + 1}`;
    if (!isObject(result)) throw refuse(TOOL, `${at}: not an object.`);
    const id = textOf(result.conversation_id).trim();
    if (!id) throw refuse(TOOL, `${at}: it has no conversation_id.`);
    const objective = textOf(result.objective).trim();
    if (!objective) throw refuse(TOOL, `${at}: it has no objective.`);
    const success = outcomeOf(result);
    if (success === null) return;
    const name = identifierOf(result);
    const metadata = isObject(result.metadata) ? result.metadata : {};
    const attack = attacks.get(name) ?? { name, conversations: [], budget: null, model: "" };
    const budget = whole(metadata.max_turns);
    if (budget !== null && budget > 0) attack.budget = Math.max(attack.budget ?? 0, budget);
    attack.model ||= modelOf(result);
    attack.conversations.push({
      id,
      objective,
      turns: whole(result.executed_turns),
      success,
      lastResponse: textOfResponse(result.last_response),
      reason: textOf(result.outcome_reason),
    });
    attacks.set(name, attack);
  });
  if (attacks.size === 0) throw refuse(TOOL, "no attack result has an outcome (success or failure): the run measured nothing.");
  for (const attack of attacks.values()) {
    const finding = findingOf(attack);
    if (finding) yield finding;
  }
}

function severityOfRate(rate: number): FindingSeverity {
  if (rate >= 0.5) return "high";
  if (rate >= 0.1) return "medium";
  return "low";
}

/** An attack with at least one successful conversation as a finding, its counts per conversation. */
function findingOf(attack: Attack): ImportedFinding | null {
  const { conversations } = attack;
  const trials = conversations.length;
  const successes = conversations.filter((c) => c.success).length;
  if (successes === 0) return null;
  if (trials > MEASUREMENT_TRIALS_MAX)
    throw refuse(TOOL, `the attack ${attack.name} has more than ${MEASUREMENT_TRIALS_MAX} conversations.`);
  const byObjective = new Map<string, { successes: number; trials: number }>();
  for (const c of conversations) {
    const cluster = byObjective.get(c.objective) ?? { successes: 0, trials: 0 };
    cluster.trials += 1;
    if (c.success) cluster.successes += 1;
    byObjective.set(c.objective, cluster);
  }
  const turnsKnown = conversations.every((c) => c.turns !== null && c.turns > 0);
  const turnsUsed = turnsKnown ? conversations.reduce((sum, c) => sum + (c.turns ?? 0), 0) : null;
  const rate = successes / trials;
  const listed = conversations
    .slice(0, CONVERSATIONS_LISTED)
    .map(
      (c) => `- ${c.id}: ${c.success ? "objective achieved" : "failed"}${c.turns ? ` in ${c.turns} turn${c.turns === 1 ? "" : "s"}` : ""}`,
    );
  const examples = conversations
    .filter((c) => c.success)
    .slice(0, EXAMPLES_MAX)
    .map((c) =>
      [
        `Conversation ${c.id}${c.turns ? ` (${c.turns} turns)` : ""}`,
        `Objective:\n${c.objective.slice(0, EXAMPLE_TEXT_MAX)}`,
        `Last response:\n${c.lastResponse.slice(0, EXAMPLE_TEXT_MAX)}`,
        c.reason ? `Scorer: ${c.reason.slice(0, EXAMPLE_TEXT_MAX)}` : "",
      ]
        .filter(Boolean)
        .join("\n\n"),
    );
  const model = splitModelName(attack.model);
  return importedFinding({
    toolUid: null,
    ruleId: `pyrit:${attack.name}`,
    title: `${attack.name} achieved its objective (PyRIT)`,
    severity: severityOfRate(rate),
    assets: lines([attack.model || "Target model"]),
    description: paragraphs(
      `PyRIT's ${attack.name} achieved its objective in ${successes} of ${trials} conversations (${Math.round(rate * 100)}%), from ${byObjective.size} objective${byObjective.size === 1 ? "" : "s"}.`,
      `Conversations:\n${listed.join("\n")}${trials > CONVERSATIONS_LISTED ? `\n- … and ${trials - CONVERSATIONS_LISTED} more` : ""}`,
    ),
    evidence: examples.length ? `**Evidence**\n\n${examples.join("\n\n---\n\n")}` : "",
    // A conversation that talks the model past its instructions: prompt injection, and ATLAS's jailbreak.
    owaspLlm: ["LLM01"],
    atlas: ["AML.T0054"],
    measurement: {
      trials,
      successes,
      provider: null,
      modelId: model.modelId,
      modelVersion: model.modelVersion,
      probe: attack.name,
      detector: null,
      turnsUsed,
      turnBudget: attack.budget,
      seedPrompts: byObjective.size,
      effectiveTrials: effectiveTrials([...byObjective.values()]),
    },
  });
}
