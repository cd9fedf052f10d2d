import "server-only";
// The reports module's public face: everything outside src/features/reports/server imports from here (README.md).

export { type AdminReportRow, listProjectReports, NOT_A_PDF, recordUploadedReport, revokeReport } from "./admin-reports";
export { REPORT_NOT_FOUND, REPORT_WITHDRAWN } from "./columns";
export { hasCurrentReport } from "./report-refs";
export { engagementReportOf, listCurrentEngagementReports } from "./company-engagement-reports";
export { COMPANY_NOT_FOUND, latestCompanyReport, publishCompanyReport } from "./company-reports";
export { listPortalReports, type PortalReport } from "./portal-reports";
export { requestAdminReportDownload, requestReportDownload } from "./report-downloads";
export { getStampedReport, originalReportFile } from "./report-files";
export { stampPdfWith } from "./stamp";
export {
  type ApiReport,
  listClientReportsForAdmin,
  listPortalProjectReports,
  pageClientReports,
  type ReportSummary,
  reportsToDownloadOf,
} from "./report-summaries";
export {
  downloadReportTemplate,
  ENGAGEMENT_NOT_FOUND,
  generateEngagementReport,
  type GeneratedReport,
  type GeneratedReportFormat,
  getReportTemplateInfo,
  nextGeneratedReportVersion,
  publishGeneratedReport,
  type ReportTemplateInfo,
  resetReportTemplate,
  saveReportTemplate,
} from "./generated/report-generate";
export { engagementReportsSql, projectHasReportsSql, reportTimelineSql } from "./project-records";
export { reportStoredKeys } from "./report-files";
