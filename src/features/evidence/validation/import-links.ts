import { isFirmClosed, type FindingStatus } from "@/lib/domain/finding";
import type { CaseStatus } from "./coverage-status";
import type { PlanCase } from "./index";

// What an applied scan import does to the engagement's coverage record (docs/PRODUCT.md#evidence-packs):
// each imported AI finding meets the adopted plan's cases by its ATLAS technique, else by its OWASP
// id, on the target its measurement names. A case not started there becomes failed, with the
// finding linked and its counts; a failed one takes the link; a case the firm recorded otherwise
// (held, not applicable, blocked) is left as it is, the finding only suggested by its form.

/** An imported finding as the import hands it over: its ids and its latest imported run. */
export type CaseImportFinding = {
  id: string;
  status: FindingStatus;
  owaspLlm: readonly string[];
  atlas: readonly string[];
  measurement: { trials: number; successes: number; provider: string | null; modelId: string | null } | null;
};

/** An engagement's target as the coverage record keys it: its label, and the provider and model behind it. */
export type CoverageTarget = { label: string; provider: string | null; modelId: string | null };

const techniqueOf = (id: string) => id.split(".").slice(0, 2).join(".");

/** A technique and its own sub-techniques meet each other; two sibling sub-techniques do not. */
const atlasMeets = (caseId: string, findingId: string) =>
  caseId === findingId || techniqueOf(caseId) === findingId || techniqueOf(findingId) === caseId;

/**
 * The plan's cases an imported finding shows failing: those its ATLAS techniques meet; when none
 * does, those carrying one of its OWASP ids. Numbers in the plan's order.
 */
export function casesOfImportedFinding(
  cases: readonly Pick<PlanCase, "no" | "owasp" | "atlas">[],
  finding: Pick<CaseImportFinding, "owaspLlm" | "atlas">,
) {
  const byAtlas = cases.filter((c) => finding.atlas.some((id) => atlasMeets(c.atlas.id, id)));
  const matched = byAtlas.length > 0 ? byAtlas : cases.filter((c) => finding.owaspLlm.includes(c.owasp));
  return matched.map((c) => c.no);
}

const same = (a: string | null, b: string | null) => (a ?? "").toLowerCase() === (b ?? "").toLowerCase();

/**
 * The target a finding's cells are on: the engagement's one target when it names no model (the
 * whole engagement), else the target whose model the finding's run names (a target without a
 * provider takes any provider's run of its model; one that names the provider is preferred).
 * Null when the finding names no model of the engagement's: it is only suggested.
 */
export function targetOfImportedFinding(
  targets: readonly CoverageTarget[],
  finding: Pick<CaseImportFinding, "measurement">,
): string | null {
  if (targets.length === 1 && targets[0]!.modelId === null) return targets[0]!.label;
  const run = finding.measurement;
  if (!run?.modelId) return null;
  const ofModel = targets.filter((t) => t.modelId !== null && same(t.modelId, run.modelId));
  const target = ofModel.find((t) => t.provider !== null && same(t.provider, run.provider)) ?? ofModel.find((t) => t.provider === null);
  return target?.label ?? null;
}

/** A cell the import marks failed: its findings, and the counts of the one with the highest rate. */
export type FailedCell = { target: string; caseNo: string; findingIds: string[]; trials: number | null; successes: number | null };
/** A cell already failed that takes the import's findings as more links. */
export type LinkedCell = { target: string; caseNo: string; findingIds: string[] };

export type ImportLinkPlan = {
  failed: FailedCell[];
  linked: LinkedCell[];
  /** Findings the import links to at least one case. */
  linkedFindingIds: string[];
  /** Findings that met a case whose record the firm made (held, not applicable, blocked): only suggested. */
  suggestedFindingIds: string[];
};

const rateOf = (m: CaseImportFinding["measurement"]) => (m ? m.successes / m.trials : -1);

/**
 * The coverage record's changes for an import, cells in target and case order: pure, so the rule
 * is tested apart from the database. `recorded` is every result the engagement has; a case without one is not started. A
 * finding the firm closed (false positive, duplicate, withdrawn) shows nothing failing.
 */
export function planImportLinks({
  cases,
  targets,
  recorded,
  findings,
}: {
  cases: readonly Pick<PlanCase, "no" | "owasp" | "atlas">[];
  targets: readonly CoverageTarget[];
  recorded: readonly { target: string; caseNo: string; status: CaseStatus }[];
  findings: readonly CaseImportFinding[];
}): ImportLinkPlan {
  const key = (target: string, caseNo: string) => `${target}\u0000${caseNo}`;
  const status = new Map(recorded.map((r) => [key(r.target, r.caseNo), r.status]));
  const failed = new Map<string, FailedCell & { rate: number }>();
  const linked = new Map<string, LinkedCell>();
  const linkedIds = new Set<string>();
  const suggestedIds = new Set<string>();
  for (const finding of findings) {
    if (isFirmClosed(finding.status)) continue;
    const target = targetOfImportedFinding(targets, finding);
    if (target === null) continue;
    for (const caseNo of casesOfImportedFinding(cases, finding)) {
      const cell = key(target, caseNo);
      const now = status.get(cell) ?? "not_started";
      if (now === "not_started") {
        const m = finding.measurement;
        const entry = failed.get(cell) ?? { target, caseNo, findingIds: [], trials: null, successes: null, rate: -1 };
        entry.findingIds.push(finding.id);
        const rate = rateOf(m);
        if (m && (rate > entry.rate || (rate === entry.rate && m.trials > (entry.trials ?? 0)))) {
          Object.assign(entry, { trials: m.trials, successes: m.successes, rate });
        }
        failed.set(cell, entry);
        linkedIds.add(finding.id);
      } else if (now === "failed") {
        const entry = linked.get(cell) ?? { target, caseNo, findingIds: [] };
        entry.findingIds.push(finding.id);
        linked.set(cell, entry);
        linkedIds.add(finding.id);
      } else suggestedIds.add(finding.id);
    }
  }
  const byCell = (a: { target: string; caseNo: string }, b: { target: string; caseNo: string }) =>
    a.target.localeCompare(b.target) || a.caseNo.localeCompare(b.caseNo, "en", { numeric: true });
  return {
    failed: [...failed.values()].sort(byCell).map((c) => ({
      target: c.target,
      caseNo: c.caseNo,
      findingIds: c.findingIds,
      trials: c.trials,
      successes: c.successes,
    })),
    linked: [...linked.values()].sort(byCell),
    linkedFindingIds: [...linkedIds],
    suggestedFindingIds: [...suggestedIds].filter((id) => !linkedIds.has(id)),
  };
}
