// Imports of scan files into an engagement (docs/PRODUCT.md#admin-findings).

/** An import is previewed first, then applied or discarded. */
export const FINDING_IMPORT_STATES = ["pending", "applied", "discarded"] as const;
export type FindingImportState = (typeof FINDING_IMPORT_STATES)[number];

/** What an applied import did to a finding. */
export const FINDING_IMPORT_OUTCOMES = ["new", "known", "reopened", "missing"] as const;
export type FindingImportOutcome = (typeof FINDING_IMPORT_OUTCOMES)[number];
