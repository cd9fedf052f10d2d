import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { FindingStatus } from "@/lib/domain/finding";
import type { DbOrTx } from "@/server/core/db/client";
import { findingMeasurements } from "./schema/measurements";
import { findingImportItems, findings } from "./schema/records";

// What an applied import leaves for the slices built on findings (the evidence's coverage record:
// docs/PRODUCT.md#evidence-packs): each AI finding the file had, with its taxonomy ids and the
// counts of its latest imported run. Read in the import's transaction, so the caller sees exactly
// what the import wrote.

/** The latest imported run of a finding: k successes in n trials on the model the file named. */
export type ImportedRun = { trials: number; successes: number; provider: string | null; modelId: string | null };

/** One finding the file had (new, already known or reopened), with its OWASP LLM and ATLAS ids. */
export type ImportedFindingFact = {
  id: string;
  status: FindingStatus;
  owaspLlm: string[];
  atlas: string[];
  measurement: ImportedRun | null;
};

/** An applied import as the slices above findings see it, inside its transaction. */
export type AppliedImport = {
  importId: string;
  projectId: string;
  clientId: string;
  /** "garak: report.jsonl": the tool and the file, as the findings' timeline names the import. */
  source: string;
  findings: ImportedFindingFact[];
};

/**
 * The import's AI findings (an OWASP LLM or ATLAS id), leaving out those only marked missing, each
 * with its latest imported measurement: this import's, or for a file imported before, that run's.
 */
export async function importedFindingFacts(tx: DbOrTx, importId: string): Promise<ImportedFindingFact[]> {
  const rows = await tx
    .select({ id: findings.id, status: findings.status, owaspLlm: findings.owaspLlm, atlas: findings.atlas })
    .from(findingImportItems)
    .innerJoin(findings, eq(findings.id, findingImportItems.findingId))
    .where(
      and(
        eq(findingImportItems.importId, importId),
        inArray(findingImportItems.outcome, ["new", "known", "reopened"]),
        sql`(cardinality(${findings.owaspLlm}) > 0 or cardinality(${findings.atlas}) > 0)`,
      ),
    )
    .orderBy(findings.id);
  if (rows.length === 0) return [];
  const runs = await tx
    .selectDistinctOn([findingMeasurements.findingId], {
      findingId: findingMeasurements.findingId,
      trials: findingMeasurements.trials,
      successes: findingMeasurements.successes,
      provider: findingMeasurements.provider,
      modelId: findingMeasurements.modelId,
    })
    .from(findingMeasurements)
    .innerJoin(findingImportItems, eq(findingImportItems.findingId, findingMeasurements.findingId))
    .where(and(eq(findingImportItems.importId, importId), eq(findingMeasurements.source, "import")))
    .orderBy(findingMeasurements.findingId, desc(findingMeasurements.measuredAt), desc(findingMeasurements.createdAt));
  const byFinding = new Map(runs.map(({ findingId, ...run }) => [findingId, run]));
  return rows.map((row) => ({ ...row, measurement: byFinding.get(row.id) ?? null }));
}
