import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { importTarget } from "@/features/findings/server";
import { findingImportItems } from "./schema/items";

// What an applied import leaves for the slices built on it (the evidence's coverage record:
// docs/PRODUCT.md#evidence-packs): each AI finding the file had, with its taxonomy ids and the
// counts of its latest imported run. Read in the import's transaction, so the caller sees exactly
// what the import wrote.

export type ImportedFindingFact = importTarget.ImportedFindingFact;
export type ImportedRun = importTarget.ImportedRun;

/** An applied import as the slices above it see it, inside its transaction. */
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
  const items = await tx
    .select({ findingId: findingImportItems.findingId })
    .from(findingImportItems)
    .where(and(eq(findingImportItems.importId, importId), inArray(findingImportItems.outcome, ["new", "known", "reopened"])));
  return importTarget.importedFindingFacts(
    tx,
    items.map((item) => item.findingId),
  );
}
