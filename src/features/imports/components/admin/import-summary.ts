import { type ImportCounts } from "@/features/imports/server";

// Plain functions (no "use client"): the import form and the server-rendered history both use them.

/** What the Import answers: the counts, and how many findings were linked to test cases (null: the engagement adopted no plan). */
export type AppliedImportCounts = ImportCounts & { linkedCount: number | null };

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** What an applied import did, in one sentence (the success message and the history's line). */
export function importSummary({ newCount, knownCount, reopenedCount, missingCount }: ImportCounts, markedMissing = false): string {
  const parts = [`${plural(newCount, "new draft")}`, `${knownCount.toLocaleString("en-US")} already known`];
  if (reopenedCount) parts.push(`${reopenedCount.toLocaleString("en-US")} reopened`);
  if (missingCount) parts.push(`${missingCount.toLocaleString("en-US")} ${markedMissing ? "marked not seen" : "not in this file"}`);
  return parts.join(", ");
}

/** ", 4 linked to test cases" after the counts, when the engagement adopted a test plan (docs/PRODUCT.md#evidence-packs). */
export const linkedSummary = (linkedCount: number | null) =>
  linkedCount === null ? "" : `, ${linkedCount.toLocaleString("en-US")} linked to test cases`;
