import { DEFAULT_DUE_DAYS } from "./finding";

// What each figure of the analytics counts (docs/PRODUCT.md#analytics), printed beside the figure
// as its footnote. One place, so the screens, the CSV files and the documentation say the same.

const days = DEFAULT_DUE_DAYS;

/** The SLA: the due date every finding already carries. */
export const SLA_DEFINITION =
  `The SLA is the finding's due date: the day it was published plus the engagement's days for its severity ` +
  `(by default Critical ${days.critical}, High ${days.high}, Medium ${days.medium}, Low ${days.low} days; each engagement may set its own; Informational has none). ` +
  `Met: Verified Fixed by the firm on or before the due day. Breached: fixed after it, or still unresolved past it; a breached finding stays open and counted. ` +
  `Findings not yet due are pending and left out of the percentage; accepted risks and withdrawn findings are neither met nor breached.`;

export const ANALYTICS_DEFINITIONS = {
  counting:
    "Opened: the day a finding was published to you. Remediated: Verified Fixed by the firm (a fix you marked but the firm has not retested is still open). " +
    "Accepted risks and Won't Fix are closed by decision and never count as remediated; withdrawn, false positive and duplicate findings are left out of every figure.",
  timeToRemediate:
    "Days from publishing to the firm's Verified Fixed, over the fixes made in the period. Mean, median (p50) and 95th percentile (p95); percentiles are nearest-rank, so each is one finding's real time.",
  sla: SLA_DEFINITION,
  flow: "Per month: findings published, Verified Fixed and accepted in the month, and those still open at its end (SLA-breached ones included).",
  aging: "Findings open now (open, in remediation, fixed pending retest, still open, regressed), by days since publishing.",
  aiFixed:
    "AI findings (an OWASP LLM or MITRE ATLAS id, or an AI red-teaming tool's import): days from publishing to Verified Fixed, over the fixes made in the period.",
  aiRegressions:
    "Each recorded change of the model version you run, per engagement target, with the AI findings of that engagement that came back (Regressed or reopened) between it and the next change.",
} as const;
