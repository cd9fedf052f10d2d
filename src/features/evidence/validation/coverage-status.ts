// The statuses of a test case in an engagement's coverage record (docs/PRODUCT.md#evidence-packs).

export const CASE_STATUSES = ["not_started", "held", "failed", "not_applicable", "blocked"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const CASE_STATUS_LABELS: Record<CaseStatus, string> = {
  not_started: "Not started",
  held: "Held",
  failed: "Failed",
  not_applicable: "Not applicable",
  blocked: "Blocked",
};

/** A plan's case number: "TC-01" to "TC-999". */
export const CASE_NO_PATTERN = /^TC-\d{2,3}$/;
