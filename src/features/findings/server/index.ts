import "server-only";
// The findings module's public face: everything outside src/features/findings/server imports from here (README.md).

export { scoreCvss, type CvssScore } from "./cvss";
export { addEvidence, assertEvidenceTarget, getEvidenceDownload, getEvidenceFile, type EvidenceFile } from "./evidence";
export { FINDING_EXPORT_COLUMNS } from "./finding-csv";
export { runFindingTasks } from "./finding-tasks";
export {
  exportClientFindings,
  getFinding,
  listClientFindings,
  loadPortalFindings,
  type PortalFindings,
  type FindingComment,
  type FindingDetail,
  type FindingEvent,
  type FindingListItem,
  type FindingModelVersion,
} from "./findings-read";
export { clientFindingCounts, type FindingCounts } from "./finding-counts";
export {
  adminFindingsQueue,
  listDuplicateOriginals,
  listEngagementFindings,
  listEngagementOptions,
  type QueueFinding,
  type QueueRetest,
} from "./findings-admin-read";
export { type FindingPageCursor, type FindingPageItem, pageClientFindings } from "./findings-page";
export { pageClientRetests, type RetestPageCursor, type RetestPageItem } from "./retests-page";
export { createFinding, deleteDraftFinding, publishFindings, setDueDays, updateFinding } from "./findings-write";
// The imports slice's port, used in its transaction: what a scan import does to the findings (import-target.ts).
export * as importTarget from "./import-target";
export {
  ENGAGEMENT_STATES,
  engagementHasFindingsSql,
  type EngagementRow,
  type EngagementState,
  listEngagements,
  projectsWithFindings,
} from "./engagements";
export { listOwnerOptions, OWNER_NOT_OF_COMPANY, type OwnerOption, setRemediationOwner } from "./remediation-owner";
export { deleteDraftFindings } from "./findings-write";
export { setFindingsOutcome, undoFindingOutcome, type OutcomeChange } from "./outcomes";
export {
  acceptRisk,
  acknowledgeRisk,
  addFindingComment,
  recordRetestResult,
  requestRetest,
  startRemediation,
  withdrawRetestRequest,
} from "./workflow";
export {
  type AttentionFinding,
  findingsSummaryColumns,
  findingsSummaryOf,
  type FindingsSummary,
  getClientFindingsSummary,
  listOverdueFindings,
} from "./findings-summary";
export {
  type EngagementReportData,
  listReportFindings,
  type ReportFinding,
  type ReportMeasurement,
  type ReportRetest,
} from "./findings-report";
export {
  createFindingTemplate,
  deleteFindingTemplate,
  type FindingTemplate,
  type FindingTemplateOption,
  type FindingTemplateRow,
  getFindingTemplate,
  listFindingTemplateOptions,
  listFindingTemplates,
  updateFindingTemplate,
} from "./templates";
export {
  engagementsWithDecidedRetests,
  type RetestSummary,
  retestSummaryOf,
  type SummaryFinding,
  type SummaryRetest,
} from "./retest-summary";
export { type AttestationFindingFacts, attestationFindingFacts, type AttestationRetestStatus } from "./findings-attestation";
export { latestVerdictSql, type TicketFindingFacts, ticketFindingFacts } from "./findings-ticket-facts";
export { addFindingMeasurement } from "./measurements";
export { type NotVerifiedFinding, notVerifiedFindings } from "./not-verified";
export { type ClientRunResult, type ReadUploadedRun, recordClientRun, recordUploadedRun } from "./client-runs";
export { type RecordedRerun, recordRerun } from "./reruns/runs";
export { getRunComparison, type RunComparisonPage, type RunComparisonRow } from "./reruns/compare";
export { loadRunsPage, type RunsPage } from "./reruns/runs-page";
export { buildReproducer, type Reproducer } from "./reproducer";
export { findingJobs } from "./jobs";
export { findingsDataStampSql } from "./data-stamp";
export { findingFacts } from "./finding-refs";
