import { CASE_STATUSES, type CaseStatus } from "./coverage-status";
import { CONTROL_FAMILIES, type ControlFamily, controlLabel } from "./catalogue";
import type { PlanCase } from "./index";

// The coverage record's arithmetic (docs/PRODUCT.md#evidence-packs): each case on each target is
// one cell; a cell without a result is not started. "Run" is held plus failed.

export type CoverageCounts = Record<CaseStatus, number> & { total: number; run: number };
export type CoverageCell = { caseNo: string; target: string; status: CaseStatus };
export type ControlCoverage = { id: string; label: string; counts: CoverageCounts };
export type FamilyCoverage = { family: ControlFamily; controls: ControlCoverage[]; counts: CoverageCounts };

const emptyCounts = (): CoverageCounts => ({
  total: 0,
  run: 0,
  ...(Object.fromEntries(CASE_STATUSES.map((s) => [s, 0])) as Record<CaseStatus, number>),
});

function add(counts: CoverageCounts, status: CaseStatus) {
  counts.total += 1;
  counts[status] += 1;
  if (status === "held" || status === "failed") counts.run += 1;
}

/** The ids a case maps to in one family. */
export function caseControls(c: PlanCase, family: ControlFamily): string[] {
  if (family === "owasp") return [c.owasp];
  if (family === "atlas") return [c.atlas.id];
  return c[family];
}

/** Every cell of the plan on the targets, with its recorded status or not started. */
export function coverageCells(cases: readonly PlanCase[], targets: readonly string[], results: readonly CoverageCell[]): CoverageCell[] {
  const recorded = new Map(results.map((r) => [`${r.target}\u0000${r.caseNo}`, r.status]));
  return targets.flatMap((target) =>
    cases.map((c) => ({ caseNo: c.no, target, status: recorded.get(`${target}\u0000${c.no}`) ?? "not_started" })),
  );
}

export function countCells(cells: readonly { status: CaseStatus }[]): CoverageCounts {
  const counts = emptyCounts();
  for (const cell of cells) add(counts, cell.status);
  return counts;
}

/** Per family, per control id: the cells of the cases mapped to it (a case counts under each of its ids). */
export function coverageByFamily(cases: readonly PlanCase[], cells: readonly CoverageCell[]): FamilyCoverage[] {
  const byCase = new Map<string, CoverageCell[]>();
  for (const cell of cells) byCase.set(cell.caseNo, [...(byCase.get(cell.caseNo) ?? []), cell]);
  return CONTROL_FAMILIES.map((family) => {
    const controls = new Map<string, CoverageCounts>();
    for (const c of cases) {
      for (const id of new Set(caseControls(c, family))) {
        const counts = controls.get(id) ?? emptyCounts();
        for (const cell of byCase.get(c.no) ?? []) add(counts, cell.status);
        controls.set(id, counts);
      }
    }
    const familyCells = cases.filter((c) => caseControls(c, family).length > 0).flatMap((c) => byCase.get(c.no) ?? []);
    return {
      family,
      counts: countCells(familyCells),
      controls: [...controls.entries()]
        .sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }))
        .map(([id, counts]) => ({ id, label: controlLabel(family, id), counts })),
    };
  });
}

/** "41 of 46 cases run, 37 held, 4 failed, 5 not applicable" (and blocked when any). */
export function coverageSentence(counts: CoverageCounts): string {
  const parts = [
    `${counts.run} of ${counts.total} cases run`,
    `${counts.held} held`,
    `${counts.failed} failed`,
    `${counts.not_applicable} not applicable`,
  ];
  if (counts.blocked > 0) parts.push(`${counts.blocked} blocked`);
  return parts.join(", ");
}
