import "server-only";
import type { FindingSeverity } from "@/lib/domain/finding";
import { FINDING_ASSETS_MAX, FINDING_TEXT_MAX, FINDING_TITLE_MAX } from "@/features/findings/validation";
import { hasInvalidCharacter } from "@/lib/validation/common";
import { AppError } from "@/server/core/errors";
import { scoreCvss } from "@/server/core/cvss";

/** One finding read from a tool's file, cleaned and bounded, before the import decides what to do with it. */
export type ImportedFinding = {
  /** The tool's own stable id for this occurrence when it has one (SARIF guid or fingerprints); null otherwise. */
  toolUid: string | null;
  /** The tool's rule / plugin / template / probe / alert id, kept as the tool names it. */
  ruleId: string | null;
  title: string;
  severity: FindingSeverity;
  cwe: number | null;
  /** Only a valid CVSS v3.1 or v4.0 vector (scoreCvss accepts it); anything else is left out. */
  cvssVector: string | null;
  /** Affected hosts, URLs or models, one a line; the first is the one the fingerprint takes. */
  assets: string;
  description: string;
  remediation: string;
  /** One reference a line. */
  references: string;
  evidence: string;
  owaspLlm: string[];
  atlas: string[];
  /**
   * A model-testing tool's counts for this finding (docs/PRODUCT.md#measured-ai-findings): trials n
   * and successes k of the attack, with the model as the file names it; null for other tools.
   */
  measurement: ImportedMeasurement | null;
};

export type ImportedMeasurement = {
  trials: number;
  successes: number;
  provider: string | null;
  modelId: string | null;
  modelVersion: string | null;
  probe: string | null;
  detector: string | null;
  /** Multi-turn trials: the turns the conversations used, each one's budget, their seed prompts, the clustered trials' worth. */
  turnsUsed?: number | null;
  turnBudget?: number | null;
  seedPrompts?: number | null;
  effectiveTrials?: number | null;
};

export const RULE_ID_MAX = 200;
export const TOOL_UID_MAX = 500;

/**
 * Printable, bounded text: the database refuses NUL, the UI control characters (as the SARIF
 * reader did); HTTP messages' CRLF line ends become plain ones.
 */
export function clean(value: string, max: number): string {
  const printable = hasInvalidCharacter(value) ? value.replace(/[\u0000\uD800-\uDFFF]/g, "") : value;
  return printable
    .replace(/\r\n?/g, "\n")
    .replace(/[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "")
    .trim()
    .slice(0, max);
}

/** The first problem of a file, as the upload form shows it (a 400). */
export const refuse = (tool: string, detail: string) => new AppError("bad_request", `Not a valid ${tool} file: ${detail}`);

/** A CVSS vector the product can score, or null. */
export function validCvss(raw: string | null | undefined): string | null {
  if (!raw) return null;
  try {
    return scoreCvss(raw).vector;
  } catch {
    return null;
  }
}

/** "CWE-79", "cwe-79", "79", 79 → 79; anything else (0, -1, "none") → null. */
export function cweOf(raw: unknown): number | null {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  const match = /^(?:cwe[-:\s]?)?(\d{1,6})$/i.exec(text);
  const value = match ? Number(match[1]) : NaN;
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** Joins the non-empty parts with a blank line. */
export const paragraphs = (...parts: (string | null | undefined)[]) =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join("\n\n");

/** Unique, non-empty lines, in their first order. */
export const lines = (values: Iterable<string | null | undefined>) =>
  [...new Set([...values].map((value) => value?.trim()).filter((value): value is string => !!value))].join("\n");

type Fields = Partial<Omit<ImportedFinding, "title" | "severity">> & { title: string; severity: FindingSeverity };

/** Every field cleaned and clipped to what a finding holds. */
export function importedFinding(fields: Fields): ImportedFinding {
  const ruleId = fields.ruleId ? clean(fields.ruleId, RULE_ID_MAX) || null : null;
  const toolUid = fields.toolUid ? clean(fields.toolUid, TOOL_UID_MAX) || null : null;
  return {
    toolUid,
    ruleId,
    title: clean(fields.title, FINDING_TITLE_MAX) || ruleId || "Untitled finding",
    severity: fields.severity,
    cwe: fields.cwe ?? null,
    cvssVector: validCvss(fields.cvssVector),
    assets: clean(fields.assets ?? "", FINDING_ASSETS_MAX),
    description: clean(fields.description ?? "", FINDING_TEXT_MAX),
    remediation: clean(fields.remediation ?? "", FINDING_TEXT_MAX),
    references: clean(fields.references ?? "", FINDING_TEXT_MAX),
    evidence: clean(fields.evidence ?? "", FINDING_TEXT_MAX),
    owaspLlm: [...(fields.owaspLlm ?? [])],
    atlas: [...(fields.atlas ?? [])],
    measurement: fields.measurement ? cleanMeasurement(fields.measurement) : null,
  };
}

const nameOrNull = (value: string | null, max: number) => (value ? clean(value, max) || null : null);

/** The counts as they are, the names cleaned and clipped like a measurement's fields. */
function cleanMeasurement(m: ImportedMeasurement): ImportedMeasurement {
  return {
    trials: m.trials,
    successes: m.successes,
    provider: nameOrNull(m.provider, 100),
    modelId: nameOrNull(m.modelId, 200),
    modelVersion: nameOrNull(m.modelVersion, 100),
    probe: nameOrNull(m.probe, 200),
    detector: nameOrNull(m.detector, 200),
    // A conversation's fields only when the trials were conversations.
    ...(m.turnsUsed || m.turnBudget || m.seedPrompts
      ? {
          turnsUsed: m.turnsUsed ?? null,
          turnBudget: m.turnBudget ?? null,
          seedPrompts: m.seedPrompts ?? null,
          effectiveTrials: m.effectiveTrials ?? null,
        }
      : {}),
  };
}

/** Tool markup (ZAP's and Burp's HTML fragments) as plain text: paragraphs and list items on their own lines. */
export function htmlToText(html: string): string {
  return html
    .replace(/<\s*br\s*\/?>/gi, "\n")
    .replace(/<\s*\/\s*(p|div|li|ul|ol|h\d|tr|pre)\s*>/gi, "\n")
    .replace(/<\s*li[^>]*>/gi, "- ")
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The http(s) links of a text or HTML fragment, one a line. */
export const linksOf = (text: string) => lines(text.match(/https?:\/\/[^\s"'<>]+/g) ?? []);

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A JSON field as text: a string as it is, a number written out, anything else "". */
export const textOf = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "number" && Number.isFinite(value) ? String(value) : "";
