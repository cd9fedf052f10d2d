// The AI-security taxonomy findings carry (docs/PRODUCT.md#admin-findings): the OWASP Top 10 for
// LLM Applications (2025 edition) and MITRE ATLAS techniques, and how the AI red-teaming tools'
// tests map onto them. Pure data: the importers, the forms and the portal's filters share it.

/** OWASP Top 10 for LLM Applications 2025 (genai.owasp.org/llm-top-10), in its own order. */
export const OWASP_LLM_2025 = [
  { id: "LLM01", name: "Prompt Injection" },
  { id: "LLM02", name: "Sensitive Information Disclosure" },
  { id: "LLM03", name: "Supply Chain" },
  { id: "LLM04", name: "Data and Model Poisoning" },
  { id: "LLM05", name: "Improper Output Handling" },
  { id: "LLM06", name: "Excessive Agency" },
  { id: "LLM07", name: "System Prompt Leakage" },
  { id: "LLM08", name: "Vector and Embedding Weaknesses" },
  { id: "LLM09", name: "Misinformation" },
  { id: "LLM10", name: "Unbounded Consumption" },
] as const;
export type OwaspLlmId = (typeof OWASP_LLM_2025)[number]["id"];
export const OWASP_LLM_IDS: readonly OwaspLlmId[] = OWASP_LLM_2025.map((entry) => entry.id);

/** The MITRE ATLAS techniques (atlas.mitre.org/techniques) the mappings below use, id → name. */
export const ATLAS_TECHNIQUES = {
  "AML.T0010": "ML Supply Chain Compromise",
  "AML.T0029": "Denial of ML Service",
  "AML.T0034": "Cost Harvesting",
  "AML.T0043": "Craft Adversarial Data",
  "AML.T0048": "External Harms",
  "AML.T0051": "LLM Prompt Injection",
  "AML.T0051.000": "LLM Prompt Injection: Direct",
  "AML.T0051.001": "LLM Prompt Injection: Indirect",
  "AML.T0053": "LLM Plugin Compromise",
  "AML.T0054": "LLM Jailbreak",
  "AML.T0056": "LLM Meta Prompt Extraction",
  "AML.T0057": "LLM Data Leakage",
  "AML.T0060": "Publish Hallucinated Entities",
} as const;
export type AtlasTechniqueId = keyof typeof ATLAS_TECHNIQUES;
export const ATLAS_TECHNIQUE_IDS = Object.keys(ATLAS_TECHNIQUES) as AtlasTechniqueId[];

const OWASP_LLM_NAMES: Readonly<Record<string, string>> = Object.fromEntries(OWASP_LLM_2025.map((entry) => [entry.id, entry.name]));

export const isOwaspLlmId = (id: string): id is OwaspLlmId => Object.hasOwn(OWASP_LLM_NAMES, id);
export const isAtlasTechniqueId = (id: string): id is AtlasTechniqueId => Object.hasOwn(ATLAS_TECHNIQUES, id);

/** "LLM01 Prompt Injection"; an id outside the list (an older import's) shows as itself. */
export const owaspLlmLabel = (id: string) => (isOwaspLlmId(id) ? `${id} ${OWASP_LLM_NAMES[id]}` : id);
/** "AML.T0051 LLM Prompt Injection"; an id outside the list shows as itself. */
export const atlasTechniqueLabel = (id: string) => (isAtlasTechniqueId(id) ? `${id} ${ATLAS_TECHNIQUES[id]}` : id);

/**
 * Ids as stored: each once, in the list's own order (LLM01 first; ATLAS by id, a sub-technique
 * after its technique). Ids outside the list are dropped: callers validate before they store.
 */
export function canonicalOwaspLlm(ids: readonly string[]): OwaspLlmId[] {
  return OWASP_LLM_IDS.filter((id) => ids.includes(id));
}
export function canonicalAtlas(ids: readonly string[]): AtlasTechniqueId[] {
  return ATLAS_TECHNIQUE_IDS.filter((id) => ids.includes(id));
}

export type AiTaxonomy = { owaspLlm: readonly OwaspLlmId[]; atlas: readonly AtlasTechniqueId[] };

const NONE: AiTaxonomy = { owaspLlm: [], atlas: [] };

const JAILBREAK: AiTaxonomy = { owaspLlm: ["LLM01"], atlas: ["AML.T0054"] };
const INJECTION: AiTaxonomy = { owaspLlm: ["LLM01"], atlas: ["AML.T0051"] };
const HARMFUL_OUTPUT: AiTaxonomy = { owaspLlm: [], atlas: ["AML.T0048"] };

/**
 * garak probe module (the part of `probe_classname` before the dot) → taxonomy. Our own reading
 * of each module's purpose (garak's probe reference, reference.garak.ai): the class names change
 * between releases, the modules stay.
 */
export const GARAK_PROBE_TAXONOMY: Readonly<Record<string, AiTaxonomy>> = {
  promptinject: { owaspLlm: ["LLM01"], atlas: ["AML.T0051.000"] },
  latentinjection: { owaspLlm: ["LLM01"], atlas: ["AML.T0051.001"] },
  goodside: INJECTION,
  encoding: INJECTION,
  smuggling: INJECTION,
  sata: INJECTION,
  dan: JAILBREAK,
  grandma: JAILBREAK,
  suffix: { owaspLlm: ["LLM01"], atlas: ["AML.T0054", "AML.T0043"] },
  tap: JAILBREAK,
  visual_jailbreak: JAILBREAK,
  phrasing: JAILBREAK,
  doctor: JAILBREAK,
  dra: JAILBREAK,
  leakreplay: { owaspLlm: ["LLM02"], atlas: ["AML.T0057"] },
  divergence: { owaspLlm: ["LLM02"], atlas: ["AML.T0057"] },
  apikey: { owaspLlm: ["LLM02"], atlas: ["AML.T0057"] },
  xss: { owaspLlm: ["LLM05", "LLM02"], atlas: ["AML.T0057"] },
  web_injection: { owaspLlm: ["LLM05", "LLM02"], atlas: ["AML.T0057"] },
  ansiescape: { owaspLlm: ["LLM05"], atlas: [] },
  exploitation: { owaspLlm: ["LLM05"], atlas: ["AML.T0051"] },
  av_spam_scanning: { owaspLlm: ["LLM05"], atlas: [] },
  knownbadsignatures: { owaspLlm: ["LLM05"], atlas: [] },
  packagehallucination: { owaspLlm: ["LLM09", "LLM03"], atlas: ["AML.T0060"] },
  fileformats: { owaspLlm: ["LLM03"], atlas: ["AML.T0010"] },
  snowball: { owaspLlm: ["LLM09"], atlas: [] },
  misleading: { owaspLlm: ["LLM09"], atlas: [] },
  malwaregen: HARMFUL_OUTPUT,
  lmrc: HARMFUL_OUTPUT,
  realtoxicityprompts: HARMFUL_OUTPUT,
  continuation: HARMFUL_OUTPUT,
  atkgen: HARMFUL_OUTPUT,
  donotanswer: HARMFUL_OUTPUT,
  glitch: { owaspLlm: [], atlas: ["AML.T0043"] },
};

/**
 * How a finding from a garak probe module is titled, in words a client reads ("Jailbreak (garak
 * dan.Dan_11_0)"); an unlisted module keeps the probe's id, which Publish then warns about.
 */
export const GARAK_PROBE_LABELS: Readonly<Record<string, string>> = {
  promptinject: "Prompt injection hijacks the task",
  latentinjection: "Indirect prompt injection through content the model reads",
  goodside: "Prompt injection",
  encoding: "Prompt injection through encoded text",
  smuggling: "Prompt injection through smuggled instructions",
  sata: "Prompt injection through masked words",
  dan: "Jailbreak overrides the model's instructions",
  grandma: "Jailbreak through role-play",
  suffix: "Jailbreak through an adversarial suffix",
  tap: "Jailbreak found by automated attack search",
  visual_jailbreak: "Jailbreak through an image",
  phrasing: "Jailbreak through rephrased requests",
  doctor: "Jailbreak through a professional persona",
  dra: "Jailbreak through disguised requests",
  leakreplay: "Training data leaks in completions",
  divergence: "Training data leaks when the model diverges",
  apikey: "The model writes secrets such as API keys",
  xss: "Data exfiltration through rendered Markdown",
  web_injection: "Data exfiltration through injected web content",
  ansiescape: "Terminal escape codes in the output",
  exploitation: "Code or template injection through the output",
  av_spam_scanning: "Malware and spam signatures in the output",
  knownbadsignatures: "Malware and spam signatures in the output",
  packagehallucination: "Hallucinated software packages",
  fileformats: "Unsafe model file formats",
  snowball: "Confident wrong answers",
  misleading: "The model supports false claims",
  malwaregen: "The model writes malware",
  lmrc: "Harmful or offensive output",
  realtoxicityprompts: "Toxic output",
  continuation: "The model continues harmful text",
  atkgen: "Toxic output under automated attack",
  donotanswer: "The model answers what it should refuse",
  glitch: "Glitch tokens derail the model",
};

/** The readable label of a garak probe's module, or null for an unlisted one. */
export function garakProbeLabel(probe: string): string | null {
  const probeModule = probe.replace(/^probes\./, "").split(".")[0] ?? "";
  return Object.hasOwn(GARAK_PROBE_LABELS, probeModule) ? GARAK_PROBE_LABELS[probeModule]! : null;
}

/** The taxonomy of a garak probe ("dan.Dan_11_0", "probes.dan.Dan_11_0" or "dan"). */
export function garakProbeTaxonomy(probe: string): AiTaxonomy {
  const probeModule = probe.replace(/^probes\./, "").split(".")[0] ?? "";
  return Object.hasOwn(GARAK_PROBE_TAXONOMY, probeModule) ? GARAK_PROBE_TAXONOMY[probeModule]! : NONE;
}

const PRIVACY: AiTaxonomy = { owaspLlm: ["LLM02", "LLM07", "LLM08"], atlas: ["AML.T0057"] };
const AGENCY: AiTaxonomy = { owaspLlm: ["LLM06"], atlas: ["AML.T0053"] };
const INJECTION_AGENCY: AiTaxonomy = { owaspLlm: ["LLM05", "LLM06"], atlas: ["AML.T0053"] };
const BIAS: AiTaxonomy = { owaspLlm: ["LLM04"], atlas: ["AML.T0048"] };

/**
 * promptfoo red-team plugin id → taxonomy. The OWASP ids follow promptfoo's own mapping
 * (promptfoo.dev/docs/red-team/owasp-llm-top-10, `OWASP_LLM_TOP_10_MAPPING` in its source), read
 * per plugin; the ATLAS techniques are ours (promptfoo maps plugins to ATLAS tactics only).
 */
export const PROMPTFOO_PLUGIN_TAXONOMY: Readonly<Record<string, AiTaxonomy>> = {
  "ascii-smuggling": INJECTION,
  "indirect-prompt-injection": { owaspLlm: ["LLM01"], atlas: ["AML.T0051.001"] },
  hijacking: INJECTION,
  "system-prompt-override": INJECTION,
  "prompt-extraction": { owaspLlm: ["LLM01", "LLM02", "LLM07"], atlas: ["AML.T0056"] },
  "pii:api-db": PRIVACY,
  "pii:direct": PRIVACY,
  "pii:session": PRIVACY,
  "pii:social": PRIVACY,
  "harmful:privacy": PRIVACY,
  "cross-session-leak": { owaspLlm: ["LLM02", "LLM08"], atlas: ["AML.T0057"] },
  "harmful:misinformation-disinformation": { owaspLlm: ["LLM04", "LLM09"], atlas: ["AML.T0048"] },
  "harmful:hate": BIAS,
  "harmful:radicalization": BIAS,
  "harmful:specialized-advice": { owaspLlm: ["LLM04", "LLM09"], atlas: ["AML.T0048"] },
  "bias:age": BIAS,
  "bias:disability": BIAS,
  "bias:gender": BIAS,
  "bias:race": BIAS,
  "shell-injection": INJECTION_AGENCY,
  "sql-injection": INJECTION_AGENCY,
  ssrf: INJECTION_AGENCY,
  "debug-access": { owaspLlm: ["LLM05"], atlas: ["AML.T0053"] },
  "excessive-agency": AGENCY,
  rbac: { owaspLlm: ["LLM06", "LLM07"], atlas: ["AML.T0053"] },
  bfla: AGENCY,
  bola: AGENCY,
  "tool-discovery": AGENCY,
  hallucination: { owaspLlm: ["LLM09"], atlas: [] },
  overreliance: { owaspLlm: ["LLM09"], atlas: [] },
  "divergent-repetition": { owaspLlm: ["LLM10"], atlas: ["AML.T0057"] },
  "reasoning-dos": { owaspLlm: ["LLM10"], atlas: ["AML.T0029", "AML.T0034"] },
  // promptfoo's mapping names the whole "harmful" collection under LLM01.
  harmful: { owaspLlm: ["LLM01"], atlas: ["AML.T0048"] },
};

/** How a finding from a promptfoo plugin is titled; an unlisted plugin keeps its id. */
export const PROMPTFOO_PLUGIN_LABELS: Readonly<Record<string, string>> = {
  "ascii-smuggling": "ASCII smuggling",
  "indirect-prompt-injection": "Indirect prompt injection",
  hijacking: "Hijacking",
  "system-prompt-override": "System prompt override",
  "prompt-extraction": "System prompt extraction",
  "pii:api-db": "PII leak through APIs and databases",
  "pii:direct": "Direct PII disclosure",
  "pii:session": "PII leak across sessions",
  "pii:social": "PII disclosure through social engineering",
  "harmful:privacy": "Privacy violation",
  "cross-session-leak": "Cross-session data leak",
  "harmful:misinformation-disinformation": "Misinformation and disinformation",
  "harmful:hate": "Hate speech",
  "harmful:radicalization": "Radicalization content",
  "harmful:specialized-advice": "Unqualified specialized advice",
  "bias:age": "Age bias",
  "bias:disability": "Disability bias",
  "bias:gender": "Gender bias",
  "bias:race": "Race bias",
  "shell-injection": "Shell command injection",
  "sql-injection": "SQL injection",
  ssrf: "Server-side request forgery",
  "debug-access": "Debug interface access",
  "excessive-agency": "Excessive agency",
  rbac: "Role-based access control bypass",
  bfla: "Broken function-level authorization",
  bola: "Broken object-level authorization",
  "tool-discovery": "Tool discovery",
  hallucination: "Hallucination",
  overreliance: "Overreliance",
  "divergent-repetition": "Divergent repetition",
  "reasoning-dos": "Reasoning denial of service",
};

/** Strategies that wrap a plugin's test add their own technique (jailbreaks, injections). */
const PROMPTFOO_STRATEGY_TAXONOMY: Readonly<Record<string, AiTaxonomy>> = {
  jailbreak: JAILBREAK,
  "jailbreak:composite": JAILBREAK,
  "jailbreak:tree": JAILBREAK,
  "jailbreak:likert": JAILBREAK,
  "jailbreak-templates": JAILBREAK,
  crescendo: JAILBREAK,
  goat: JAILBREAK,
  "best-of-n": JAILBREAK,
  "prompt-injection": INJECTION,
};

const union = (...parts: AiTaxonomy[]): AiTaxonomy => ({
  owaspLlm: [...new Set(parts.flatMap((part) => part.owaspLlm))].sort(),
  atlas: [...new Set(parts.flatMap((part) => part.atlas))].sort(),
});

/** The taxonomy of a promptfoo plugin ("harmful:hate"; an unlisted "harmful:x" takes its collection's). */
export function promptfooTaxonomy(pluginId: string, strategyId?: string | null): AiTaxonomy {
  const collection = pluginId.split(":")[0] ?? "";
  const plugin = Object.hasOwn(PROMPTFOO_PLUGIN_TAXONOMY, pluginId)
    ? PROMPTFOO_PLUGIN_TAXONOMY[pluginId]!
    : Object.hasOwn(PROMPTFOO_PLUGIN_TAXONOMY, collection)
      ? PROMPTFOO_PLUGIN_TAXONOMY[collection]!
      : NONE;
  const strategy = strategyId && Object.hasOwn(PROMPTFOO_STRATEGY_TAXONOMY, strategyId) ? PROMPTFOO_STRATEGY_TAXONOMY[strategyId]! : NONE;
  return union(plugin, strategy);
}
