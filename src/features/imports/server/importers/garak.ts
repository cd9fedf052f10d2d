import "server-only";
import { garakProbeLabel, garakProbeTaxonomy } from "@/lib/domain/ai-taxonomy";
import type { FindingSeverity } from "@/lib/domain/finding";
import { MEASUREMENT_TRIALS_MAX } from "@/lib/domain/finding-measurement";
import { numberedLines } from "./byte-source";
import { importedFinding, isObject, lines, paragraphs, refuse, textOf, type ImportedFinding } from "./imported-finding";
import { splitModelName } from "./model-name";

const TOOL = "garak";

/** Failing prompt/output pairs kept per probe and detector, and the length of each text. */
const EXAMPLES_MAX = 3;
const EXAMPLE_TEXT_MAX = 2000;
/** A detector score at or above this is a hit: the model failed (garak's own threshold). */
const HIT = 0.5;

/** The share of failed attempts → severity: the firm reviews it like any draft. */
function severityOfRate(rate: number): FindingSeverity {
  if (rate >= 0.5) return "high";
  if (rate >= 0.1) return "medium";
  return "low";
}

// Probe and detector names lose the plugin-kind prefix some releases write ("probes.dan.Dan_11_0", "detector.dan.DAN").
const bare = (name: string) => name.trim().replace(/^(probes|detectors|detector)\./, "");

/** A prompt or an output as text: a string (older releases), or a message/conversation object (newer ones). */
function textOfTurn(value: unknown): string {
  if (typeof value === "string") return value;
  if (!isObject(value)) return "";
  if (typeof value.text === "string") return value.text;
  if (Array.isArray(value.turns))
    return value.turns
      .map((turn) => (isObject(turn) ? textOfTurn(turn.content) : ""))
      .filter(Boolean)
      .join("\n");
  return "";
}

type Pair = { probe: string; detector: string };
const keyOf = ({ probe, detector }: Pair) => `${probe}\u0000${detector}`;

/** The model tested, as the run's setup names it: garak's generator family and the model's name. */
type Target = { provider: string | null; name: string; modelId: string | null; modelVersion: string | null };
const NO_TARGET: Target = { provider: null, name: "", modelId: null, modelVersion: null };

/**
 * The model tested: its name ("gpt-4o-mini") is the affected asset and the measurement's model (a
 * version when the name carries one). The target type is garak's generator, a class of garak's
 * ("openai.OpenAIGenerator") and not the client's asset: only its family ("openai") names the
 * provider, and stands in for the asset when the run names no model.
 */
function targetOf(entry: Record<string, unknown>): Target | null {
  const type = textOf(entry["plugins.target_type"]) || textOf(entry["plugins.model_type"]);
  const name = textOf(entry["plugins.target_name"]) || textOf(entry["plugins.model_name"]);
  const provider = type.split(".")[0] || null;
  if (!name && !provider) return null;
  return { provider, name: name || provider || "", ...splitModelName(name) };
}

/**
 * A garak report (garak.<run>.report.jsonl). The attempts come first, then an "eval" entry per
 * probe and detector once they are done: each eval with failures is one finding, its evidence a few
 * failing attempts of that probe kept as they went by (so the file streams, line by line).
 */
export async function* readGarak(source: AsyncIterable<Uint8Array>): AsyncGenerator<ImportedFinding> {
  let target = NO_TARGET;
  const examples = new Map<string, string[]>();
  const dialogues = new Map<string, Dialogues>();
  for await (const { line, text } of numberedLines(source, (line) => refuse(TOOL, `line ${line}: the line is longer than 16 MB.`))) {
    if (!text.trim()) continue;
    let entry: unknown;
    try {
      entry = JSON.parse(text);
    } catch {
      throw refuse(TOOL, `line ${line}: it is not JSON.`);
    }
    if (!isObject(entry) || typeof entry.entry_type !== "string") throw refuse(TOOL, `line ${line}: the entry has no entry_type.`);
    if (entry.entry_type === "start_run setup") target = targetOf(entry) ?? target;
    else if (entry.entry_type === "attempt") {
      keepFailures(entry, line, examples);
      tallyTurns(entry, dialogues);
    } else if (entry.entry_type === "eval") {
      const finding = findingOf(entry, line, target, examples, dialogues.get(bare(textOf(entry.probe))));
      if (finding) yield finding;
    }
  }
}

function keepFailures(attempt: Record<string, unknown>, line: number, examples: Map<string, string[]>) {
  const probe = bare(textOf(attempt.probe_classname));
  if (!probe) throw refuse(TOOL, `line ${line}: the attempt has no probe_classname.`);
  // Status 2 is an attempt the detectors have scored; the earlier copies carry no results.
  if (attempt.status !== 2 || !isObject(attempt.detector_results)) return;
  const outputs = Array.isArray(attempt.outputs) ? attempt.outputs : [];
  for (const [name, scores] of Object.entries(attempt.detector_results)) {
    if (!Array.isArray(scores)) continue;
    const key = keyOf({ probe, detector: bare(name) });
    const kept = examples.get(key) ?? [];
    if (kept.length >= EXAMPLES_MAX) continue;
    const failing = scores.findIndex((score) => typeof score === "number" && score >= HIT);
    if (failing === -1) continue;
    kept.push(
      `Prompt:\n${textOfTurn(attempt.prompt).slice(0, EXAMPLE_TEXT_MAX)}\n\nOutput:\n${textOfTurn(outputs[failing]).slice(0, EXAMPLE_TEXT_MAX)}`,
    );
    examples.set(key, kept);
  }
}

/**
 * An eval entry with failures as a finding. garak's eval tallies the detector's verdict on every
 * output of the probe's attempts (each attempt has one output per generation): those outputs are
 * the trials, the failures (the model did what the probe tried) the successes of the attack.
 */
function findingOf(
  entry: Record<string, unknown>,
  line: number,
  target: Target,
  examples: Map<string, string[]>,
  dialogue: Dialogues | undefined,
): ImportedFinding | null {
  const pair = { probe: bare(textOf(entry.probe)), detector: bare(textOf(entry.detector)) };
  if (!pair.probe || !pair.detector) throw refuse(TOOL, `line ${line}: the eval entry has no probe or detector.`);
  // Newer releases count total_evaluated; older ones total.
  const total = typeof entry.total_evaluated === "number" ? entry.total_evaluated : entry.total;
  const passed = entry.passed;
  if (
    typeof total !== "number" ||
    typeof passed !== "number" ||
    !Number.isInteger(total) ||
    !Number.isInteger(passed) ||
    passed < 0 ||
    total < passed
  )
    throw refuse(TOOL, `line ${line}: the eval entry's passed and total are not counts.`);
  if (total > MEASUREMENT_TRIALS_MAX)
    throw refuse(TOOL, `line ${line}: the eval entry counts more than ${MEASUREMENT_TRIALS_MAX} outputs.`);
  const failed = total - passed;
  if (failed === 0) return null;
  const taxonomy = garakProbeTaxonomy(pair.probe);
  const label = garakProbeLabel(pair.probe);
  const rate = failed / total;
  return importedFinding({
    toolUid: null,
    ruleId: `${pair.probe}:${pair.detector}`,
    // Readable words first, the probe's id kept beside them (the detector is in the description).
    title: label ? `${label} (garak ${pair.probe})` : `${pair.probe} (detector ${pair.detector})`,
    severity: severityOfRate(rate),
    assets: lines([target.name]),
    description: paragraphs(
      `garak probe ${pair.probe} made the model fail detector ${pair.detector} in ${failed} of ${total} attempts (${Math.round(rate * 100)}%).`,
      dialogue?.ids.length ? `Conversations:\n${dialogue.ids.map((id) => `- ${id}`).join("\n")}` : null,
    ),
    evidence: (examples.get(keyOf(pair)) ?? []).join("\n\n---\n\n"),
    owaspLlm: [...taxonomy.owaspLlm],
    atlas: [...taxonomy.atlas],
    measurement: {
      trials: total,
      successes: failed,
      provider: target.provider,
      modelId: target.modelId,
      modelVersion: target.modelVersion,
      probe: pair.probe,
      detector: pair.detector,
      // Every output a conversation of several turns, and all of them counted: the turns they used.
      ...(dialogue?.multiTurn && dialogue.outputs === total ? { turnsUsed: dialogue.turns } : {}),
    },
  });
}

/** A probe's scored attempts as conversations: each output one, of the prompt's user turns. */
type Dialogues = { outputs: number; turns: number; multiTurn: boolean; ids: string[] };
const DIALOGUE_IDS_MAX = 20;

/** Newer releases write the prompt as a conversation (`turns`, each with a role): more than one user turn is a multi-turn attempt. */
function tallyTurns(attempt: Record<string, unknown>, dialogues: Map<string, Dialogues>) {
  if (attempt.status !== 2) return;
  const probe = bare(textOf(attempt.probe_classname));
  const turns = isObject(attempt.prompt) && Array.isArray(attempt.prompt.turns) ? attempt.prompt.turns : [];
  const userTurns = turns.filter((turn) => isObject(turn) && turn.role === "user").length;
  const outputs = Array.isArray(attempt.outputs) ? attempt.outputs.length : 0;
  const tally = dialogues.get(probe) ?? { outputs: 0, turns: 0, multiTurn: true, ids: [] };
  tally.outputs += outputs;
  tally.turns += userTurns * outputs;
  if (userTurns < 2) tally.multiTurn = false;
  const id = textOf(attempt.uuid);
  if (userTurns > 1 && id && tally.ids.length < DIALOGUE_IDS_MAX) tally.ids.push(`${id} (${userTurns} turns)`);
  dialogues.set(probe, tally);
}
