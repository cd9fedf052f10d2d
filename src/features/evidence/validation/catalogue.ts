import { OWASP_LLM_2025 } from "@/lib/domain/ai-taxonomy";
import { ATLAS_5_6_0, ATLAS_RELEASE } from "./atlas-5-6-0";

// The control catalogue a test case maps to (docs/PRODUCT.md#evidence-packs): only ids the
// frameworks publish, each with its name as published. Pure data, shared by the plan form, the
// check at save, the coverage screen and the evidence pack.

export { ATLAS_RELEASE };
export const OWASP_EDITION = "OWASP Top 10 for LLM Applications 2025";

/** The families the coverage record is read by, in the order the screens show them. */
export const CONTROL_FAMILIES = ["owasp", "atlas", "euAiAct", "nist", "iso42001"] as const;
export type ControlFamily = (typeof CONTROL_FAMILIES)[number];
export const CONTROL_FAMILY_LABELS: Record<ControlFamily, string> = {
  owasp: OWASP_EDITION,
  atlas: `MITRE ${ATLAS_RELEASE}`,
  euAiAct: "EU AI Act (Regulation (EU) 2024/1689)",
  nist: "NIST AI RMF 1.0 / NIST AI 600-1",
  iso42001: "ISO/IEC 42001:2023 Annex A",
};

export const OWASP_CATALOGUE: Readonly<Record<string, string>> = Object.fromEntries(OWASP_LLM_2025.map((e) => [e.id, e.name]));

export const ATLAS_CATALOGUE = ATLAS_5_6_0;

/** Articles and paragraphs of Regulation (EU) 2024/1689 a test can evidence, by the article's title. */
export const EU_AI_ACT_CATALOGUE: Readonly<Record<string, string>> = {
  "Art. 9": "Risk management system",
  "Art. 10": "Data and data governance",
  "Art. 12": "Record-keeping",
  "Art. 13": "Transparency and provision of information to deployers",
  "Art. 14": "Human oversight",
  "Art. 15": "Accuracy, robustness and cybersecurity",
  "Art. 15(1)": "Accuracy, robustness and cybersecurity: appropriate level throughout the lifecycle",
  "Art. 15(3)": "Accuracy, robustness and cybersecurity: levels of accuracy declared",
  "Art. 15(4)": "Accuracy, robustness and cybersecurity: resilience to errors, faults and feedback loops",
  "Art. 15(5)": "Accuracy, robustness and cybersecurity: resilience to attempts by unauthorised third parties",
  "Art. 50": "Transparency obligations for providers and deployers of certain AI systems",
  "Art. 55": "Obligations of providers of general-purpose AI models with systemic risk",
  "Art. 55(1)(a)": "Model evaluation, including conducting and documenting adversarial testing",
  "Art. 55(1)(b)": "Assess and mitigate possible systemic risks",
  "Art. 55(1)(d)": "Adequate level of cybersecurity protection",
};

/** NIST AI RMF 1.0 (AI 100-1) subcategories, and the NIST AI 600-1 generative AI risks by their names. */
export const NIST_CATALOGUE: Readonly<Record<string, string>> = {
  "GOVERN 6.1": "Policies address AI risks of third-party entities",
  "MAP 4.1": "Approaches for mapping the legal and technology risks of AI components",
  "MEASURE 1.1": "Approaches and metrics for measuring AI risks are selected",
  "MEASURE 2.5": "The AI system is shown to be valid and reliable",
  "MEASURE 2.6": "The AI system is evaluated regularly for safety risks",
  "MEASURE 2.7": "AI system security and resilience are evaluated and documented",
  "MEASURE 2.8": "Risks of transparency and accountability are examined",
  "MEASURE 2.10": "Privacy risk of the AI system is examined and documented",
  "MEASURE 2.11": "Fairness and bias are evaluated and results documented",
  "MANAGE 2.4": "Mechanisms to supersede, disengage or deactivate AI systems",
  "AI 600-1 CBRN Information or Capabilities": "CBRN Information or Capabilities",
  "AI 600-1 Confabulation": "Confabulation",
  "AI 600-1 Dangerous, Violent, or Hateful Content": "Dangerous, Violent, or Hateful Content",
  "AI 600-1 Data Privacy": "Data Privacy",
  "AI 600-1 Harmful Bias or Homogenization": "Harmful Bias or Homogenization",
  "AI 600-1 Human-AI Configuration": "Human-AI Configuration",
  "AI 600-1 Information Integrity": "Information Integrity",
  "AI 600-1 Information Security": "Information Security",
  "AI 600-1 Intellectual Property": "Intellectual Property",
  "AI 600-1 Value Chain and Component Integration": "Value Chain and Component Integration",
};

/** ISO/IEC 42001:2023 Annex A controls. */
export const ISO_42001_CATALOGUE: Readonly<Record<string, string>> = {
  "A.5.2": "AI system impact assessment process",
  "A.6.2.2": "AI system requirements and specification",
  "A.6.2.4": "AI system verification and validation",
  "A.6.2.5": "AI system deployment",
  "A.6.2.6": "AI system operation and monitoring",
  "A.6.2.8": "AI system recording of event logs",
  "A.7.4": "Quality of data for AI systems",
  "A.7.5": "Data provenance",
  "A.8.2": "System documentation and information for users",
  "A.9.4": "Intended use of the AI system",
  "A.10.3": "Suppliers",
};

export const CATALOGUES: Record<ControlFamily, Readonly<Record<string, string>>> = {
  owasp: OWASP_CATALOGUE,
  atlas: ATLAS_CATALOGUE,
  euAiAct: EU_AI_ACT_CATALOGUE,
  nist: NIST_CATALOGUE,
  iso42001: ISO_42001_CATALOGUE,
};

/** "LLM01 Prompt Injection", "AML.T0054 LLM Jailbreak": an id with its catalogue name. */
export const controlLabel = (family: ControlFamily, id: string) => {
  const name = CATALOGUES[family][id];
  // A NIST AI 600-1 risk's id is its name ("AI 600-1 Confabulation"): said once.
  return name && !id.endsWith(name) ? `${id} ${name}` : id;
};

const normal = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/**
 * Why an id (and the name its author gave it) is refused, or null when the catalogue has it under
 * that name. An unknown id is answered with the id whose name matches, when one does; a known id
 * under another name (a technique renamed by a later release) with its name in the catalogue.
 */
export function catalogueRefusal(family: ControlFamily, id: string, name?: string): string | null {
  const catalogue = CATALOGUES[family];
  const known = Object.hasOwn(catalogue, id) ? catalogue[id]! : null;
  const where = family === "atlas" ? ATLAS_RELEASE : CONTROL_FAMILY_LABELS[family];
  if (known) {
    if (name === undefined || name.trim() === "" || normal(name) === normal(known)) return null;
    return `${id} is named "${known}" in ${where}, not "${name}".`;
  }
  const wanted = name ? normal(name) : "";
  const match = wanted ? Object.entries(catalogue).find(([, n]) => normal(n) === wanted || normal(n).includes(wanted)) : undefined;
  return match ? `${id} is not in ${where}: did you mean ${match[0]} "${match[1]}"?` : `${id} is not in ${where}.`;
}
