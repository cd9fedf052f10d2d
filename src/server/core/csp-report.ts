import "server-only";
import { readTextLimited } from "./body-limit";
import { AppError } from "./errors";
import { rateLimitSubject } from "./client-address";
import type { DbOrTx } from "./db/client";
import { clientIp, enforceRateLimit, type RateRule } from "./rate-limit";

/** A real report is a few hundred bytes; a browser batch of several stays well under this. */
export const CSP_REPORT_MAX_BYTES = 16 * 1024;
/** One page with a broken policy can report a violation per script; more than this is a flood. */
export const CSP_REPORT_RATE_LIMIT: RateRule = { windowSeconds: 60, max: 30 };
/** A batch is summarised, not echoed: the log stays readable under a noisy page. */
const MAX_LOGGED_PER_BATCH = 5;
const MAX_FIELD_CHARS = 200;

/**
 * Counts one report from the sender's network, before its body is read, so a flood of junk costs
 * one upsert each and no parsing. An IPv6 client holds a whole /64, so it is counted by that.
 */
export function limitCspReporter(db: DbOrTx, headers: Headers): Promise<void> {
  return enforceRateLimit(
    db,
    `csp-report:ip:${rateLimitSubject(clientIp(headers))}`,
    CSP_REPORT_RATE_LIMIT,
    "Too many reports. Please wait a minute.",
  );
}

/** Reads a report through the shared byte-counting reader, with its own message. */
export function readCspReportText(request: Request): Promise<string> {
  return readTextLimited(
    request,
    CSP_REPORT_MAX_BYTES,
    () => new AppError("payload_too_large", `Reports are limited to ${CSP_REPORT_MAX_BYTES / 1024} KB.`),
  );
}

export type CspViolation = {
  documentUrl: string;
  directive: string;
  blocked: string;
  source: string;
  disposition: string;
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function text(value: unknown): string {
  if (typeof value !== "string" && typeof value !== "number") return "";
  // Control characters would let a forged report write fake lines into the log.
  return String(value)
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .slice(0, MAX_FIELD_CHARS);
}

/**
 * Query strings and fragments can hold secrets (a password-reset token is in the address of the
 * reset page), so only origin and path are kept. Keywords such as "inline" or "eval" pass as is.
 */
export function redactUrl(value: unknown): string {
  const raw = text(value);
  if (!/^[a-z][a-z0-9+.-]*:/i.test(raw)) return raw;
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? `${url.origin}${url.pathname}`.slice(0, MAX_FIELD_CHARS) : url.protocol;
  } catch {
    return raw.split(/[?#]/)[0] ?? "";
  }
}

/** Legacy report-uri body: {"csp-report": {...}} with kebab-case keys. */
function fromLegacy(report: Record<string, unknown>): CspViolation {
  return {
    documentUrl: redactUrl(report["document-uri"]),
    directive: text(report["effective-directive"] ?? report["violated-directive"]),
    blocked: redactUrl(report["blocked-uri"]),
    source: sourceOf(report["source-file"], report["line-number"], report["column-number"]),
    disposition: text(report.disposition),
  };
}

/** Reporting API body (report-to): [{type: "csp-violation", body: {...}}] with camelCase keys. */
function fromReportingApi(body: Record<string, unknown>): CspViolation {
  return {
    documentUrl: redactUrl(body.documentURL),
    directive: text(body.effectiveDirective),
    blocked: redactUrl(body.blockedURL),
    source: sourceOf(body.sourceFile, body.lineNumber, body.columnNumber),
    disposition: text(body.disposition),
  };
}

function sourceOf(file: unknown, line: unknown, column: unknown): string {
  const name = redactUrl(file);
  if (!name) return "";
  return [name, text(line), text(column)].filter(Boolean).join(":");
}

/**
 * The violations a body describes, in either format browsers send. The script sample is dropped on
 * purpose: it is page content (the reset page's payload carries its token), not a diagnosis.
 * Returns null when the body is not a CSP report at all.
 */
export function parseCspReports(raw: string): CspViolation[] | null {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (isRecord(data) && isRecord(data["csp-report"])) return [fromLegacy(data["csp-report"])];
  if (Array.isArray(data)) {
    const violations = data
      .filter((entry): entry is Record<string, unknown> => isRecord(entry) && entry.type === "csp-violation" && isRecord(entry.body))
      .map((entry) => fromReportingApi(entry.body as Record<string, unknown>));
    return violations.length > 0 ? violations : null;
  }
  return null;
}

export function logCspViolations(violations: CspViolation[]): void {
  for (const violation of violations.slice(0, MAX_LOGGED_PER_BATCH)) console.warn("[csp] violation", JSON.stringify(violation));
  if (violations.length > MAX_LOGGED_PER_BATCH)
    console.warn(`[csp] ${violations.length - MAX_LOGGED_PER_BATCH} more violations in the same report`);
}
