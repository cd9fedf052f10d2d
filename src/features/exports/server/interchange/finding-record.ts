import "server-only";
import type { FindingSeverity, FindingStatus } from "@/lib/domain/finding";

// A finding as the interchange formats read it (docs/PRODUCT.md#exports): the same fields for
// SARIF, OCSF and ASFF, read by one statement (interchange.ts).

export type InterchangeFinding = {
  id: string;
  clientId: string;
  company: string;
  projectId: string;
  engagement: string;
  title: string;
  severity: FindingSeverity;
  status: FindingStatus;
  cvssVector: string | null;
  cvssScoreTenths: number | null;
  cwe: number | null;
  owaspLlm: string[];
  atlas: string[];
  ruleId: string | null;
  sourceTool: string | null;
  assets: string;
  description: string;
  remediation: string;
  references: string;
  publishedAt: Date;
  updatedAt: Date;
  dueOn: string | null;
};

/** The rule a finding falls under, from its category: its CWE, else its first OWASP LLM or ATLAS id, else the tool's rule. */
export function ruleOf(f: Pick<InterchangeFinding, "cwe" | "owaspLlm" | "atlas" | "ruleId">): { id: string; name: string } {
  if (f.cwe !== null) return { id: `CWE-${f.cwe}`, name: `CWE-${f.cwe}` };
  if (f.owaspLlm[0]) return { id: f.owaspLlm[0], name: `OWASP LLM ${f.owaspLlm[0]}` };
  if (f.atlas[0]) return { id: f.atlas[0], name: `MITRE ATLAS ${f.atlas[0]}` };
  if (f.ruleId) return { id: f.ruleId, name: f.ruleId };
  return { id: "manual-finding", name: "Finding of a manual test" };
}

/** A code location among the assets ("src/app.ts:42", "lib/db.py"): a path with a file extension, not an address. */
export function codeLocationsOf(assets: string): { uri: string; line: number | null }[] {
  return assets
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !/^[a-z][a-z0-9+.-]*:\/\//i.test(line) && !/\s/.test(line))
    .map((line) => /^(.+?\.[A-Za-z0-9]+)(?::(\d+))?$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && /[/\\]|^[\w-]+\.[A-Za-z0-9]+$/.test(m[1]!))
    .map((m) => ({ uri: m[1]!.replaceAll("\\", "/"), line: m[2] ? Number(m[2]) : null }));
}

/** The references as a list of addresses (one per line in the finding; anything else left out). */
export const referenceUrls = (references: string) =>
  references
    .split(/\s+/)
    .map((r) => r.trim())
    .filter((r) => /^https?:\/\/\S+$/.test(r));

/** The finding's published-to-client statuses grouped as the formats see them. */
export const OPEN_STATUSES: readonly FindingStatus[] = ["open", "in_remediation", "fixed_pending_retest", "still_open", "regressed"];
