import "server-only";
import type { Location, Log, ReportingDescriptor, Result } from "sarif";
import { type FindingSeverity, severityOfScore } from "@/lib/domain/finding";
import { FINDING_TITLE_MAX } from "@/features/findings/validation";
import { clean, cweOf, importedFinding, isObject, lines, refuse as refuseFor, type ImportedFinding } from "./imported-finding";
import { readJsonDocument } from "./json-document";

const TOOL = "SARIF 2.1.0";
const refuse = (detail: string) => refuseFor(TOOL, detail);

const isString = (value: unknown): value is string => typeof value === "string";
const textOf = (value: unknown): string | undefined => (isString(value) && value ? value : undefined);

// SARIF's level → our severity. A result without a level is a "warning" (SARIF 2.1.0, 3.27.10).
// A Map, not an object literal: a level named "__proto__" or "toString" must not find
// Object.prototype's members.
const LEVEL_SEVERITY = new Map<unknown, FindingSeverity>([
  ["error", "high"],
  ["warning", "medium"],
  ["note", "low"],
  ["none", "informational"],
]);

function ruleOf(result: Result, rules: ReportingDescriptor[]): ReportingDescriptor | undefined {
  if (typeof result.ruleIndex === "number" && rules[result.ruleIndex]) return rules[result.ruleIndex];
  return result.ruleId ? rules.find((rule) => rule.id === result.ruleId) : undefined;
}

/** The rule's "security-severity" (a CVSS-like score, as code scanners publish it) wins over the level. */
function severityOf(result: Result, rule: ReportingDescriptor | undefined, where: string): FindingSeverity {
  const ruleLevel: unknown = isObject(rule?.defaultConfiguration) ? rule.defaultConfiguration.level : undefined;
  if (ruleLevel !== undefined && !LEVEL_SEVERITY.has(ruleLevel)) throw refuse(`the rule of ${where} has an unknown default level.`);
  const score = Number(isObject(rule?.properties) ? rule.properties["security-severity"] : undefined);
  if (Number.isFinite(score) && score >= 0 && score <= 10) return severityOfScore(score);
  return LEVEL_SEVERITY.get(result.level ?? ruleLevel ?? "warning") ?? "medium";
}

/**
 * The result's places as text. A location, uri, line or name of the wrong type is left out: the
 * types say what a valid file holds, not what was uploaded, and one odd location is no reason to
 * refuse the file (nor to fail with a 500).
 */
function assetOf(result: Result): string {
  const places = (result.locations ?? [])
    .filter((location): location is Location => isObject(location))
    .flatMap((location) => {
      const uri = textOf(location.physicalLocation?.artifactLocation?.uri);
      const line = location.physicalLocation?.region?.startLine;
      if (uri) return [typeof line === "number" && line > 0 ? `${uri}:${line}` : uri];
      const logical = location.logicalLocations?.[0];
      const name = textOf(logical?.fullyQualifiedName) ?? textOf(logical?.name);
      return name ? [name] : [];
    });
  return places.join("\n");
}

/** The code at the result's first location, when the tool kept it. */
function snippetOf(result: Result): string {
  const location = (result.locations ?? []).find((candidate): candidate is Location => isObject(candidate));
  return (
    textOf(location?.physicalLocation?.region?.snippet?.text) ?? textOf(location?.physicalLocation?.contextRegion?.snippet?.text) ?? ""
  );
}

/** The tool's own identity of the result: its guid, else its (partial) fingerprints, sorted. */
function toolUidOf(result: Result): string | null {
  if (textOf(result.guid)) return `guid:${result.guid}`;
  for (const prints of [result.fingerprints, result.partialFingerprints]) {
    if (!isObject(prints)) continue;
    const entries = Object.entries(prints).filter((entry): entry is [string, string] => isString(entry[1]) && entry[1] !== "");
    if (entries.length > 0)
      return entries
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, value]) => `${key}=${value}`)
        .join(";");
  }
  return null;
}

/** CodeQL and others tag a rule "external/cwe/cwe-079"; some name it in properties.cwe. */
function cweOfRule(rule: ReportingDescriptor | undefined): number | null {
  if (!isObject(rule?.properties)) return null;
  const tags = Array.isArray(rule.properties.tags) ? rule.properties.tags.filter(isString) : [];
  for (const tag of tags) {
    const match = /(?:^|\/)cwe[-/](\d+)$/i.exec(tag);
    if (match) return cweOf(match[1]);
  }
  return cweOf(rule.properties.cwe);
}

/**
 * A SARIF 2.1.0 log: each result becomes a finding with its rule, level → severity and location →
 * asset. Anything malformed refuses the whole file (a 400 naming what is wrong).
 */
export async function* readSarif(source: AsyncIterable<Uint8Array>): AsyncGenerator<ImportedFinding> {
  const log = await readJsonDocument(source, TOOL);
  if (!isObject(log)) throw refuse("the file is not a SARIF log object.");
  if (log.version !== "2.1.0") throw refuse('its "version" must be "2.1.0".');
  if (!Array.isArray(log.runs)) throw refuse('it has no "runs" list.');
  for (const [runIndex, run] of (log as unknown as Log).runs.entries()) {
    if (!isObject(run) || !isObject(run.tool) || !isObject(run.tool.driver) || !isString(run.tool.driver.name))
      throw refuse(`run ${runIndex + 1} has no tool name.`);
    const rules = Array.isArray(run.tool.driver.rules) ? run.tool.driver.rules.filter(isObject) : [];
    if (run.results !== undefined && run.results !== null && !Array.isArray(run.results))
      throw refuse(`run ${runIndex + 1} has a "results" that is not a list.`);
    for (const [index, result] of (run.results ?? []).entries()) {
      const where = `result ${index + 1} of run ${runIndex + 1}`;
      if (!isObject(result) || !isObject(result.message)) throw refuse(`${where} has no message.`);
      if (result.ruleId !== undefined && !isString(result.ruleId)) throw refuse(`${where} has a ruleId that is not text.`);
      if (result.level !== undefined && !LEVEL_SEVERITY.has(result.level)) throw refuse(`${where} has an unknown level.`);
      if (result.locations !== undefined && !Array.isArray(result.locations)) throw refuse(`${where} has locations that are not a list.`);
      const rule = ruleOf(result, rules);
      const message = isString(result.message.text)
        ? result.message.text
        : isString(result.message.markdown)
          ? result.message.markdown
          : "";
      // A rule's fields are read only when they are text, like the result's own.
      const ruleId = result.ruleId ?? textOf(rule?.id) ?? null;
      const title = textOf(rule?.shortDescription?.text) ?? textOf(rule?.name) ?? ruleId ?? message.split("\n")[0] ?? "";
      if (!clean(title, FINDING_TITLE_MAX) && !message.trim()) throw refuse(`${where} has neither a rule nor a message text.`);
      yield importedFinding({
        toolUid: toolUidOf(result),
        ruleId,
        title: clean(title, FINDING_TITLE_MAX) || message.split("\n")[0]!,
        severity: severityOf(result, rule, where),
        cwe: cweOfRule(rule),
        assets: assetOf(result),
        description: message,
        remediation: textOf(rule?.help?.markdown) ?? textOf(rule?.help?.text) ?? "",
        references: lines([textOf(rule?.helpUri)]),
        evidence: snippetOf(result),
      });
    }
  }
}
