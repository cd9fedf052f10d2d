import { badgeList } from "./badge-list";

// Findings of an engagement (docs/PRODUCT.md#portal-findings): the database CHECKs, the zod enums,
// the labels and the badge colours all come from these lists.

/** Severity, most severe first (the order lists and counts take). */
export const {
  values: FINDING_SEVERITIES,
  labels: FINDING_SEVERITY_LABELS,
  tones: FINDING_SEVERITY_TONES,
} = badgeList({ critical: "red", high: "amber", medium: "indigo", low: "sky", informational: "slate" });
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];

/** Where a finding stands. A draft is the firm's alone; every other status is seen by the client. */
const findingStatusList = badgeList(
  {
    draft: "slate",
    open: "red",
    in_remediation: "amber",
    fixed_pending_retest: "cyan",
    verified_fixed: "emerald",
    still_open: "red",
    // A run of the client's CI found the attack again on a fixed AI finding (docs/PRODUCT.md#measured-ai-findings).
    regressed: "red",
    risk_accepted: "indigo",
    wont_fix: "indigo",
    false_positive: "slate",
    duplicate: "slate",
    withdrawn: "slate",
  },
  { fixed_pending_retest: "Fixed (Pending Retest)", wont_fix: "Won't Fix", false_positive: "False Positive" },
);
export const { values: FINDING_STATUSES, tones: FINDING_STATUS_TONES } = findingStatusList;
export type FindingStatus = (typeof FINDING_STATUSES)[number];

/** The statuses a client sees (every one but draft). */
export const PUBLISHED_FINDING_STATUSES = FINDING_STATUSES.filter((s) => s !== "draft");

/**
 * The outcomes the firm gives a published finding (docs/PRODUCT.md#admin-findings). Won't fix,
 * agreed with the client, counts like a risk accepted; the other three are closed by the firm.
 */
export const FINDING_OUTCOMES = ["false_positive", "duplicate", "wont_fix", "withdrawn"] as const satisfies readonly FindingStatus[];
export type FindingOutcome = (typeof FINDING_OUTCOMES)[number];

/**
 * Closed by the firm: the finding was not one (false positive, duplicate) or is taken back
 * (withdrawn). No count, summary, due date or overdue list includes them, and the portal's list
 * shows them only when asked.
 */
export const FIRM_CLOSED_FINDING_STATUSES = ["false_positive", "duplicate", "withdrawn"] as const satisfies readonly FindingStatus[];
export const isFirmClosed = (status: FindingStatus) => (FIRM_CLOSED_FINDING_STATUSES as readonly FindingStatus[]).includes(status);

/** Still to be dealt with: these count towards "overdue" once past their due date. */
export const UNRESOLVED_FINDING_STATUSES: readonly FindingStatus[] = ["open", "in_remediation", "still_open", "regressed"];

/**
 * A retest's outcome, recorded by the firm. Reduced is an AI finding's only (docs/PRODUCT.md#measured-ai-findings):
 * the attack still succeeds, less often than before; the finding stays open (Still Open).
 */
export const RETEST_RESULTS = ["verified_fixed", "still_open", "reduced"] as const;
export type RetestResult = (typeof RETEST_RESULTS)[number];

/** The status a retest's result gives its finding: Reduced is not fixed, so the finding is Still Open. */
export const STATUS_AFTER_RETEST: Record<RetestResult, FindingStatus> = {
  verified_fixed: "verified_fixed",
  still_open: "still_open",
  reduced: "still_open",
};

/**
 * The statuses' labels. A retest's result reads with the label of the status it names, so the
 * list also labels Reduced (a result, never a status) for the places that print a result that way.
 */
export const FINDING_STATUS_LABELS: Record<FindingStatus | RetestResult, string> = { ...findingStatusList.labels, reduced: "Reduced" };

/** What a timeline entry records. */
export const FINDING_EVENT_KINDS = [
  "created",
  "published",
  "status",
  "retest_requested",
  "retest_result",
  "risk_accepted",
  "risk_acknowledged",
  "reopened",
  "not_seen",
  "owner_assigned",
  "outcome",
  "withdrawn",
  "outcome_undone",
  "measured",
  "regressed",
] as const;
export type FindingEventKind = (typeof FINDING_EVENT_KINDS)[number];

/** Days from publishing to the due date, per severity; each engagement may set its own. */
export const DEFAULT_DUE_DAYS = { critical: 7, high: 30, medium: 90, low: 180 } as const;
export type DueDays = { critical: number; high: number; medium: number; low: number };

/** CVSS score (0 to 10) → severity, the qualitative scale of CVSS v3.1 and v4.0 alike. */
export function severityOfScore(score: number): FindingSeverity {
  if (score >= 9) return "critical";
  if (score >= 7) return "high";
  if (score >= 4) return "medium";
  if (score > 0) return "low";
  return "informational";
}

/**
 * A title that leads with the tool's own id (garak's "dan.Dan_11_0 (detector dan.DAN)", a raw
 * promptfoo plugin id): what an import writes when no template matched and no readable label is
 * known. The client would read it as is, so Publish warns about it (docs/PRODUCT.md#admin-findings).
 * The id's leading part, up to a ":" or "/", is compared, as templates match it.
 */
export function isToolIdTitle(title: string, ruleId: string | null): boolean {
  if (!ruleId) return false;
  const lead = ruleId.split(/[:/]/)[0]!.trim().toLowerCase();
  // A bare number (a ZAP plugin id) or a one-letter id says nothing about a title.
  if (lead.length < 3 || !/[a-z]/.test(lead)) return false;
  return title.trim().toLowerCase().startsWith(lead);
}
