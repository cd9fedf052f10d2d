import "server-only";
// The imports module's public face: everything outside src/features/imports/server imports from here (README.md).

export {
  applyFindingImport,
  discardFindingImport,
  type FindingImportRow,
  type ImportCounts,
  type ImportPreview,
  listFindingImports,
  previewFindingImport,
} from "./finding-import";
export { type AppliedImport, type ImportedFindingFact, type ImportedRun } from "./imported-facts";
export { lastImportsOf } from "./last-imports";
export { discardStalePreviews, PENDING_IMPORT_KEEP_DAYS } from "./stale-previews";
export { readPromptfooRun } from "./importers/promptfoo";
export { importJobs } from "./jobs";
export { projectHasImportsSql } from "./project-records";
export { importStoredKeys } from "./stale-previews";
