import "server-only";
// The findings module's public face: what other slices and the screens use (README.md). Its own actions,
// components (for types) and tests reach its files directly.

export { addEvidence, assertEvidenceTarget, getEvidenceDownload, getEvidenceFile } from "./evidence";
export { FINDING_EXPORT_COLUMNS } from "./finding-csv";

export { exportClientFindings, getFinding, listClientFindings, loadPortalFindings, type FindingDetail } from "./findings-read";

export { adminFindingsQueue, listDuplicateOriginals, listEngagementFindings, listEngagementOptions } from "./findings-admin-read";
export { type FindingPageItem, pageClientFindings } from "./findings-page";
export { pageClientRetests } from "./retests-page";

// The imports slice's port, used in its transaction: what a scan import does to the findings (import-target.ts).
export * as importTarget from "./import-target";
export { engagementHasFindingsSql, listEngagements, projectsWithFindings } from "./engagements";
export { listOwnerOptions, setRemediationOwner } from "./remediation-owner";

export { acceptRisk, addFindingComment, requestRetest, withdrawRetestRequest } from "./workflow";
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
export { getFindingTemplate, listFindingTemplateOptions, listFindingTemplates } from "./templates";
export { engagementsWithDecidedRetests, type RetestSummary, retestSummaryOf, type SummaryRetest } from "./retest-summary";
export { type AttestationFindingFacts, attestationFindingFacts } from "./findings-attestation";
export { latestVerdictSql, type TicketFindingFacts, ticketFindingFacts } from "./findings-ticket-facts";

export { notVerifiedFindings } from "./not-verified";
export { recordClientRun, recordUploadedRun } from "./client-runs";
export { recordRerun } from "./reruns/runs";

export { loadRunsPage } from "./reruns/runs-page";
export { buildReproducer } from "./reproducer";
export { findingJobs } from "./jobs";
export { findingsDataStampSql } from "./data-stamp";
export { findingFacts } from "./finding-refs";
export { evidenceStoredKeys } from "./evidence";
export { findingTimelineSql } from "./project-timeline";
