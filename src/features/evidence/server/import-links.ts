import "server-only";
import { eq } from "drizzle-orm";
import { type AdminActor, assertAdmin, personIdOf } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { recordAudit } from "@/features/audit/server";
import { type AppliedImport, applyFindingImport, type ImportCounts } from "@/features/imports/server";
import { planImportLinks } from "@/features/evidence/validation";
import { engagementTargets } from "./coverage";
import { adoptedPlanOf } from "./plans";
import { evidenceCaseLinks, evidenceCaseResults } from "./schema";

// A scan import taken into the engagement's coverage record (docs/PRODUCT.md#evidence-packs): the
// admin's Import applies the findings' import and, in its transaction, links the imported AI
// findings to the adopted plan's cases (the rule: `planImportLinks`, validation/import-links.ts).

/** An applied import's counts, with how many of its findings were linked to test cases (null: no plan adopted). */
export type ImportWithCases = ImportCounts & { linkedCount: number | null };

/** Links per statement (four bound values each). */
const BATCH = 1000;

/**
 * Links an applied import's AI findings to the engagement's cases, inside the import's transaction:
 * a case not started on the finding's target becomes failed (with the counts of the highest measured
 * rate among its findings), a failed one takes the link, any other record of the firm's stays as it
 * is. A cell the firm records meanwhile is never overwritten (the write only takes a cell still not
 * started). Audited as `evidence.case_import` when it changed anything. Null when no plan is adopted.
 */
export async function linkImportedFindings(tx: DbOrTx, { actor, applied }: { actor: AdminActor; applied: AppliedImport }) {
  assertAdmin(actor);
  const plan = await adoptedPlanOf(tx, applied.projectId);
  if (!plan) return null;
  if (applied.findings.length === 0) return 0;
  const [targets, recorded] = await Promise.all([
    engagementTargets(tx, applied.projectId),
    tx
      .select({ target: evidenceCaseResults.target, caseNo: evidenceCaseResults.caseNo, status: evidenceCaseResults.status })
      .from(evidenceCaseResults)
      .where(eq(evidenceCaseResults.projectId, applied.projectId)),
  ]);
  const changes = planImportLinks({ cases: plan.cases, targets, recorded, findings: applied.findings });
  const by = { recordedBy: personIdOf(actor), recordedByName: actor.name || actor.email, recordedAt: new Date() };
  const failed: { case: string; target: string }[] = [];
  const links: { target: string; caseNo: string; findingId: string }[] = [];
  for (const cell of changes.failed) {
    const values = { status: "failed" as const, trials: cell.trials, successes: cell.successes, reason: null, ...by };
    const [row] = await tx
      .insert(evidenceCaseResults)
      .values({ clientId: applied.clientId, projectId: applied.projectId, target: cell.target, caseNo: cell.caseNo, ...values })
      .onConflictDoUpdate({
        target: [evidenceCaseResults.projectId, evidenceCaseResults.target, evidenceCaseResults.caseNo],
        set: values,
        setWhere: eq(evidenceCaseResults.status, "not_started"),
      })
      .returning({ id: evidenceCaseResults.id });
    if (!row) continue;
    failed.push({ case: cell.caseNo, target: cell.target });
    for (const findingId of cell.findingIds) links.push({ target: cell.target, caseNo: cell.caseNo, findingId });
  }
  for (const cell of changes.linked)
    for (const findingId of cell.findingIds) links.push({ target: cell.target, caseNo: cell.caseNo, findingId });
  let added = 0;
  for (let i = 0; i < links.length; i += BATCH) {
    const rows = await tx
      .insert(evidenceCaseLinks)
      .values(links.slice(i, i + BATCH).map((l) => ({ projectId: applied.projectId, ...l })))
      .onConflictDoNothing()
      .returning({ id: evidenceCaseLinks.id });
    added += rows.length;
  }
  if (failed.length > 0 || added > 0)
    await recordAudit(tx, {
      actor,
      action: "evidence.case_import",
      entityType: "project",
      entityId: applied.projectId,
      clientId: applied.clientId,
      after: { importId: applied.importId, source: applied.source, failed, links: added, suggested: changes.suggestedFindingIds.length },
    });
  return new Set(links.map((l) => l.findingId)).size;
}

/** The admin's Import: the findings' import applied, then its findings linked to the plan's cases, in one transaction. */
export async function applyImportWithCases(
  db: Db,
  { actor, importId, markMissing }: { actor: AdminActor; importId: string; markMissing: boolean },
): Promise<ImportWithCases> {
  let linkedCount: number | null = null;
  const counts = await applyFindingImport(db, {
    actor,
    importId,
    markMissing,
    afterApply: async (tx, applied) => {
      linkedCount = await linkImportedFindings(tx, { actor, applied });
    },
  });
  return { ...counts, linkedCount };
}
