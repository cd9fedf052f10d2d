import "server-only";
import { PROMPTFOO_PLUGIN_LABELS, promptfooTaxonomy } from "@/lib/domain/ai-taxonomy";
import type { FindingSeverity } from "@/lib/domain/finding";
import { importedFinding, isObject, lines, paragraphs, refuse, textOf, type ImportedFinding } from "./imported-finding";
import { ConversationTally, promptfooConversation } from "./conversation";
import { readJsonDocument } from "./json-document";
import { promptfooModel } from "./model-name";

const TOOL = "promptfoo";

const SEVERITY = new Map<string, FindingSeverity>([
  ["critical", "critical"],
  ["high", "high"],
  ["medium", "medium"],
  ["low", "low"],
  ["informational", "informational"],
  ["info", "informational"],
]);

const EXAMPLES_MAX = 3;
const EXAMPLE_TEXT_MAX = 2000;

type Group = {
  pluginId: string | null;
  strategyId: string | null;
  title: string;
  severity: FindingSeverity;
  targets: Set<string>;
  failed: number;
  total: number;
  /** The graded results (an error is no trial: the attack's outcome is unknown) and the failures among them. */
  trials: number;
  successes: number;
  /** Every provider id the group's results name: one model is measured, several are not. */
  providers: Set<string>;
  detector: string | null;
  reasons: Set<string>;
  examples: string[];
  goal: string;
  conversations: ConversationTally;
};

const asText = (value: unknown): string =>
  typeof value === "string" ? value : value === undefined || value === null ? "" : JSON.stringify(value);

function metadataOf(result: Record<string, unknown>): Record<string, unknown> {
  const own = isObject(result.metadata) ? result.metadata : {};
  const testCase = isObject(result.testCase) && isObject(result.testCase.metadata) ? result.testCase.metadata : {};
  return { ...testCase, ...own };
}

/** promptfoo's ResultFailureReason.ERROR: the provider or the grader failed, so nothing was measured. */
const FAILURE_ERROR = 2;

const providerIdOf = (result: Record<string, unknown>): string =>
  typeof result.provider === "string" ? result.provider : isObject(result.provider) ? textOf(result.provider.id) : "";

/** The assertion that decides success ("promptfoo:redteam:prompt-extraction"), as the detector. */
function detectorOf(testCase: Record<string, unknown>): string | null {
  const first = Array.isArray(testCase.assert) ? testCase.assert.find(isObject) : undefined;
  return first ? textOf(first.type) || textOf(first.metric) || null : null;
}

/**
 * One result as a trial of the attack: every result is one, repeats (promptfoo eval --repeat)
 * included, except one that errored (the provider or grader failed: the outcome is unknown). A
 * failed assertion is the attack landing.
 */
function trialOutcome(result: Record<string, unknown> & { success: boolean }): "landed" | "held" | null {
  if (result.success) return "held";
  return result.failureReason === FAILURE_ERROR ? null : "landed";
}

/** The results list of a results file, each entry checked to be a result. */
function resultsOf(document: unknown): (Record<string, unknown> & { success: boolean })[] {
  const list = isObject(document) && isObject(document.results) ? document.results.results : undefined;
  if (!Array.isArray(list)) throw refuse(TOOL, 'it has no "results.results" list (save it with promptfoo eval -o results.json).');
  return list.map((result, index) => {
    if (!isObject(result)) throw refuse(TOOL, `result ${index + 1} is not an object.`);
    if (typeof result.success !== "boolean") throw refuse(TOOL, `result ${index + 1} has no "success".`);
    return result as Record<string, unknown> & { success: boolean };
  });
}

export type PromptfooRun = {
  trials: number;
  successes: number;
  provider: string | null;
  modelId: string | null;
  detector: string | null;
};

/**
 * The counts of one run of a finding's reproducer (`promptfoo eval -c reproducer.yaml -o
 * results.json`): every result is the same attack, so the whole file is one measurement, a run in
 * which the attack never landed included (the importer, which files what failed, skips those).
 */
export async function readPromptfooRun(source: AsyncIterable<Uint8Array>): Promise<PromptfooRun> {
  const results = resultsOf(await readJsonDocument(source, TOOL));
  let trials = 0;
  let successes = 0;
  const providers = new Set<string>();
  let detector: string | null = null;
  for (const result of results) {
    const outcome = trialOutcome(result);
    if (!outcome) continue;
    trials += 1;
    if (outcome === "landed") successes += 1;
    const providerId = providerIdOf(result).trim();
    if (providerId) providers.add(providerId);
    detector ??= isObject(result.testCase) ? detectorOf(result.testCase) : null;
  }
  if (trials === 0) throw refuse(TOOL, "it has no graded result (every test errored or none ran): the run measured nothing.");
  // One model named: the run's; several (or none): the counts stand, the target is the form's.
  const model = providers.size === 1 ? promptfooModel([...providers][0]!) : { provider: null, modelId: null };
  return { trials, successes, provider: model.provider, modelId: model.modelId, detector };
}

function targetOf(result: Record<string, unknown>): string {
  const provider = result.provider;
  if (typeof provider === "string") return provider;
  return isObject(provider) ? textOf(provider.label) || textOf(provider.id) : "";
}

/**
 * promptfoo's results file (`promptfoo eval -o results.json`, red team or not): the failing
 * results grouped by plugin and strategy, one finding each, with a few failing cases as evidence.
 * A plain eval (no plugin) groups by the test's description.
 */
export async function* readPromptfoo(source: AsyncIterable<Uint8Array>): AsyncGenerator<ImportedFinding> {
  const document = await readJsonDocument(source, TOOL);
  const groups = new Map<string, Group>();
  for (const [index, result] of resultsOf(document).entries()) {
    const where = `result ${index + 1}`;
    const metadata = metadataOf(result);
    const pluginId = textOf(metadata.pluginId).trim() || null;
    const strategyId = textOf(metadata.strategyId).trim() || null;
    const testCase = isObject(result.testCase) ? result.testCase : {};
    const title = pluginId
      ? `${Object.hasOwn(PROMPTFOO_PLUGIN_LABELS, pluginId) ? PROMPTFOO_PLUGIN_LABELS[pluginId] : pluginId} (promptfoo ${pluginId})`
      : textOf(testCase.description).trim() || "Failed test case";
    const key = `${title}\u0000${strategyId ?? ""}`;
    const rawSeverity = textOf(metadata.severity).trim();
    const severity = rawSeverity ? SEVERITY.get(rawSeverity.toLowerCase()) : "medium";
    if (!severity) throw refuse(TOOL, `${where} has an unknown severity "${rawSeverity.slice(0, 20)}".`);
    const group = groups.get(key) ?? {
      pluginId,
      strategyId,
      title,
      severity,
      targets: new Set<string>(),
      failed: 0,
      total: 0,
      trials: 0,
      successes: 0,
      providers: new Set<string>(),
      detector: detectorOf(testCase),
      reasons: new Set<string>(),
      examples: [],
      goal: textOf(metadata.goal),
      conversations: new ConversationTally(),
    };
    groups.set(key, group);
    group.total += 1;
    const outcome = trialOutcome(result);
    if (outcome) {
      group.trials += 1;
      if (outcome === "landed") group.successes += 1;
      group.conversations.add(promptfooConversation(result, metadata), outcome === "landed");
    }
    const providerId = providerIdOf(result).trim();
    if (providerId) group.providers.add(providerId);
    if (result.success) continue;
    group.failed += 1;
    const target = targetOf(result);
    if (target) group.targets.add(target);
    const grading = isObject(result.gradingResult) ? result.gradingResult : {};
    const reason = textOf(grading.reason) || textOf(result.error) || textOf(result.failureReason);
    if (reason && group.reasons.size < EXAMPLES_MAX) group.reasons.add(reason.slice(0, EXAMPLE_TEXT_MAX));
    if (group.examples.length < EXAMPLES_MAX) {
      const prompt = isObject(result.prompt) ? textOf(result.prompt.raw) : "";
      const output = isObject(result.response) ? asText(result.response.output) : "";
      const vars = isObject(result.vars) ? result.vars : isObject(testCase.vars) ? testCase.vars : {};
      group.examples.push(
        paragraphs(
          `Prompt:\n${(prompt || Object.values(vars).map(asText).join("\n")).slice(0, EXAMPLE_TEXT_MAX)}`,
          `Output:\n${output.slice(0, EXAMPLE_TEXT_MAX)}`,
          reason && `Grader: ${reason.slice(0, EXAMPLE_TEXT_MAX)}`,
        ),
      );
    }
  }
  for (const group of groups.values()) {
    if (group.failed === 0) continue;
    const taxonomy = group.pluginId ? promptfooTaxonomy(group.pluginId, group.strategyId) : { owaspLlm: [], atlas: [] };
    const strategy = group.strategyId && group.strategyId !== "basic" ? group.strategyId : null;
    const ruleId = group.pluginId ? (strategy ? `${group.pluginId}/${strategy}` : group.pluginId) : null;
    const model =
      group.providers.size === 1 ? promptfooModel([...group.providers][0]!) : { provider: null, modelId: null, modelVersion: null };
    yield importedFinding({
      toolUid: null,
      ruleId,
      title: strategy ? `${group.title}, strategy ${strategy}` : group.title,
      severity: group.severity,
      assets: lines(group.targets),
      description: paragraphs(
        `${group.failed} of ${group.total} promptfoo test cases failed${group.pluginId ? ` for plugin ${group.pluginId}` : ""}${strategy ? ` with strategy ${strategy}` : ""}.`,
        group.goal,
        ...[...group.reasons].map((reason) => `- ${reason}`),
        group.conversations.ids.length ? `Conversations:\n${group.conversations.ids.map((id) => `- ${id}`).join("\n")}` : null,
      ),
      evidence: group.examples.join("\n\n---\n\n"),
      owaspLlm: [...taxonomy.owaspLlm],
      atlas: [...taxonomy.atlas],
      // Only errors failed: no graded trial, nothing measured.
      measurement:
        group.trials > 0
          ? {
              trials: group.trials,
              successes: group.successes,
              ...model,
              probe: ruleId ?? group.title,
              detector: group.detector,
              ...group.conversations.fields(),
            }
          : null,
    });
  }
}
