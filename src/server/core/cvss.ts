import "server-only";
import cvssLibrary from "ae-cvss-calculator";
import { type FindingSeverity, severityOfScore } from "@/lib/domain/finding";
import { AppError } from "@/server/core/errors";

// A webpack-built CommonJS bundle: Node finds no named exports in it, so take them from the default.
const { Cvss3P1, Cvss4P0 } = cvssLibrary;

export type CvssScore = { vector: string; version: "3.1" | "4.0"; scoreTenths: number; severity: FindingSeverity };

export const INVALID_VECTOR = "Not a valid CVSS v3.1 or v4.0 vector (e.g. CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H).";

const invalid = () => new AppError("bad_request", INVALID_VECTOR, { fieldErrors: { cvssVector: INVALID_VECTOR } });

/**
 * Scores a CVSS v3.1 or v4.0 vector with ae-cvss-calculator (FIRST's formulas). The library is
 * lenient (it fills a missing metric with "not defined" and scores 0), so the vector is checked
 * here first: a known prefix, each metric once, every base metric given, and nothing the library
 * would drop. Anything else is a 400, never a score of 0.
 */
export function scoreCvss(raw: string): CvssScore {
  const vector = raw.trim();
  const [prefix, ...parts] = vector.split("/");
  const version = prefix === "CVSS:3.1" ? "3.1" : prefix === "CVSS:4.0" ? "4.0" : null;
  if (!version || parts.length === 0) throw invalid();
  const seen = new Set<string>();
  for (const part of parts) {
    const match = /^([A-Z]{1,3}):([A-Z])$/.exec(part);
    if (!match || seen.has(match[1]!)) throw invalid();
    seen.add(match[1]!);
  }
  let cvss: InstanceType<typeof Cvss3P1> | InstanceType<typeof Cvss4P0>;
  try {
    cvss = version === "3.1" ? new Cvss3P1(vector) : new Cvss4P0(vector);
  } catch {
    throw invalid();
  }
  if (!cvss.isBaseFullyDefined()) throw invalid();
  // An unknown metric name is skipped silently by the library: every part must survive.
  const kept = new Set(cvss.toString().split("/").slice(1));
  if (parts.some((part) => !kept.has(part))) throw invalid();
  const score = cvss.calculateScores().overall;
  if (typeof score !== "number" || !Number.isFinite(score) || score < 0 || score > 10) throw invalid();
  const scoreTenths = Math.round(score * 10);
  return { vector, version, scoreTenths, severity: severityOfScore(scoreTenths / 10) };
}
