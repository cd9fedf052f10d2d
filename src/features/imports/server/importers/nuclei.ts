import "server-only";
import type { FindingSeverity } from "@/lib/domain/finding";
import { numberedLines } from "./byte-source";
import { cweOf, importedFinding, isObject, lines, paragraphs, refuse, textOf, type ImportedFinding } from "./imported-finding";

const TOOL = "Nuclei";

// Nuclei's severities; "unknown" is one of them (a template that states none).
const SEVERITY = new Map<string, FindingSeverity>([
  ["critical", "critical"],
  ["high", "high"],
  ["medium", "medium"],
  ["low", "low"],
  ["info", "informational"],
  ["unknown", "informational"],
]);

const MESSAGE_MAX = 8000;

const textList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(textOf).filter(Boolean) : textOf(value) ? textOf(value).split(/[\n,]\s*/) : [];

function findingOf(result: Record<string, unknown>, line: number): ImportedFinding {
  const templateId = textOf(result["template-id"]).trim();
  if (!templateId) throw refuse(TOOL, `line ${line}: the result has no template-id.`);
  const info = isObject(result.info) ? result.info : {};
  const rawSeverity = textOf(info.severity).trim();
  const severity = SEVERITY.get(rawSeverity.toLowerCase());
  if (!severity) throw refuse(TOOL, `line ${line}: unknown severity "${rawSeverity.slice(0, 20)}".`);
  const classification = isObject(info.classification) ? info.classification : {};
  const matcher = textOf(result["matcher-name"]).trim() || textOf(result["extractor-name"]).trim();
  const extracted = textList(result["extracted-results"]);
  const cves = textList(classification["cve-id"]);
  return importedFinding({
    toolUid: null,
    // As Nuclei prints a result: "[template-id:matcher-name]", so two matchers of one template stay two findings.
    ruleId: matcher ? `${templateId}:${matcher}` : templateId,
    title: textOf(info.name).trim() || templateId,
    severity,
    cwe:
      textList(classification["cwe-id"])
        .map(cweOf)
        .find((cwe) => cwe !== null) ?? null,
    cvssVector: textOf(classification["cvss-metrics"]).trim() || null,
    assets: lines([textOf(result["matched-at"]), textOf(result.host)]),
    description: paragraphs(textOf(info.description), cves.length ? `CVE: ${cves.join(", ")}` : ""),
    remediation: textOf(info.remediation),
    references: lines(textList(info.reference)),
    evidence: paragraphs(
      matcher && `Matched: ${matcher}`,
      extracted.length ? `Extracted: ${extracted.join(", ")}` : "",
      textOf(result.request).slice(0, MESSAGE_MAX),
      textOf(result.response).slice(0, MESSAGE_MAX),
    ),
  });
}

/** Nuclei's JSONL output (-jsonl): one finding per result line. */
export async function* readNuclei(source: AsyncIterable<Uint8Array>): AsyncGenerator<ImportedFinding> {
  for await (const { line, text } of numberedLines(source, (line) => refuse(TOOL, `line ${line}: the line is longer than 16 MB.`))) {
    if (!text.trim()) continue;
    if (line === 1 && text.trimStart().startsWith("["))
      throw refuse(TOOL, "line 1: this is a JSON list; export the results with -jsonl, one per line.");
    let result: unknown;
    try {
      result = JSON.parse(text);
    } catch {
      throw refuse(TOOL, `line ${line}: it is not JSON.`);
    }
    if (!isObject(result)) throw refuse(TOOL, `line ${line}: it is not a result object.`);
    yield findingOf(result, line);
  }
}
