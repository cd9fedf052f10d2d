import "server-only";
import type { Location, Log, ReportingDescriptor, Result } from "sarif";
import type { FindingSeverity } from "@/lib/domain/finding";
import { FINDING_ASSETS_MAX, FINDING_TEXT_MAX, FINDING_TITLE_MAX, SARIF_MAX_RESULTS } from "@/features/findings/validation";
import { hasInvalidCharacter } from "@/lib/validation/common";
import { AppError } from "@/server/core/errors";
import { severityOfScore } from "@/lib/domain/finding";

/** A draft finding read from one SARIF result. */
export type SarifDraft = { title: string; severity: FindingSeverity; ruleId: string | null; assets: string; description: string };

const refuse = (detail: string) => new AppError("bad_request", `Not a valid SARIF 2.1.0 file: ${detail}`);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
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

/** Printable, bounded text for a column; the database refuses NUL, the UI control characters. */
function clean(value: string, max: number): string {
  const printable = hasInvalidCharacter(value) ? value.replace(/[\u0000\uD800-\uDFFF]/g, "") : value;
  return printable
    .replace(/[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "")
    .trim()
    .slice(0, max);
}

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

/**
 * Reads a SARIF 2.1.0 log (docs/PRODUCT.md#admin-findings): each result becomes a draft with its
 * rule, level → severity and location → asset. Anything malformed refuses the whole file (a 400
 * naming what is wrong), so an import is all or nothing.
 */
export function parseSarif(text: string): SarifDraft[] {
  let log: unknown;
  try {
    log = JSON.parse(text);
  } catch {
    throw refuse("the file is not JSON.");
  }
  if (!isObject(log)) throw refuse("the file is not a SARIF log object.");
  if (log.version !== "2.1.0") throw refuse('its "version" must be "2.1.0".');
  if (!Array.isArray(log.runs)) throw refuse('it has no "runs" list.');
  const drafts: SarifDraft[] = [];
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
      drafts.push({
        title: clean(title, FINDING_TITLE_MAX) || clean(message.split("\n")[0]!, FINDING_TITLE_MAX),
        severity: severityOf(result, rule, where),
        ruleId: ruleId ? clean(ruleId, 200) || null : null,
        assets: clean(assetOf(result), FINDING_ASSETS_MAX),
        description: clean(message, FINDING_TEXT_MAX),
      });
      if (drafts.length > SARIF_MAX_RESULTS) throw refuse(`it has more than ${SARIF_MAX_RESULTS} results; split it.`);
    }
  }
  if (drafts.length === 0) throw refuse("it has no results to import.");
  return drafts;
}
