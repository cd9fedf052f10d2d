import "server-only";
// The analytics module's public face: everything outside src/features/analytics/server imports from here (README.md).

export { type Analytics, computeAnalytics, type EngagementOption, loadAdminAnalytics, loadClientAnalytics } from "./analytics-read";
export { findingScope } from "./scope";
export type { FindingHistory } from "./maths/history";
export {
  type BoardSummary,
  boardSummaryTitle,
  generateBoardSummary,
  OWNER_SUMMARY_INTERVAL_MS,
  requestBoardSummary,
  SUMMARY_TOO_SOON,
} from "./summary/board-summary";
export { NO_FINDINGS_IN_QUARTER, SUMMARY_SECTIONS } from "./summary/summary-pdf";
