import type { PlanCase } from "./index";

// How an imported finding (garak, promptfoo, PyRIT: each tagged with OWASP LLM and ATLAS ids by the
// importers' mapping) meets a plan's case (docs/PRODUCT.md#evidence-packs): by the case's ATLAS
// technique (a sub-technique meets its technique both ways), else by its OWASP id.

export type CaseMatch = "atlas" | "owasp" | null;

const techniqueOf = (id: string) => id.split(".").slice(0, 2).join(".");

export function caseMatch(
  c: Pick<PlanCase, "owasp" | "atlas">,
  finding: { owaspLlm: readonly string[]; atlas: readonly string[] },
): CaseMatch {
  if (finding.atlas.some((id) => id === c.atlas.id || techniqueOf(id) === techniqueOf(c.atlas.id))) return "atlas";
  if (finding.owaspLlm.includes(c.owasp)) return "owasp";
  return null;
}

/** The findings in the order a case's form offers them: those its ATLAS technique meets, then its OWASP id, then the rest. */
export function findingsForCase<F extends { owaspLlm: readonly string[]; atlas: readonly string[] }>(
  c: Pick<PlanCase, "owasp" | "atlas">,
  findings: readonly F[],
): (F & { match: CaseMatch })[] {
  const rank = { atlas: 0, owasp: 1 } as const;
  return findings
    .map((f) => ({ ...f, match: caseMatch(c, f) }))
    .sort((a, b) => (a.match ? rank[a.match] : 2) - (b.match ? rank[b.match] : 2));
}
