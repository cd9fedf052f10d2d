import "server-only";
// The audit module's public face: everything outside src/features/audit/server imports from here (README.md).

export {
  ACCESS_LOG_PAGE_SIZE,
  type AccessLogApiEntry,
  type AccessLogEntry,
  type AccessLogExportEntry,
  exportClientAccessLog,
  listClientAccessLog,
  listRecentAccessForAdmin,
  pageClientAccessLog,
} from "./access-log";
export { listAuditFilterOptions, listAuditLog, listRecentAuditEntries, type AuditRow } from "./admin-audit";
export { type AuditEntryRow, insertAuditEntries, recordAudit } from "./audit";
export { auditEntryColumns } from "./columns";
export { projectHistorySql } from "./project-history";
export {
  FIRM_ACCESS_ACTIONS,
  FIRM_PAGE_LOOKS,
  type FirmAccessAction,
  type FirmLinkHolder,
  recordFirmAccess,
  recordFirmAccessAfterResponse,
  SHARE_ACCESS_ACTIONS,
} from "./firm-access";
export { admitLinkFetch } from "./link-fetch";
export { invitationSenderOf } from "./invitation-sender";
export { GENESIS_HASH, linkUnchainedEntries } from "./chain";
export {
  type ChainCheck,
  CHECKPOINT_JWS_TYPE,
  HEAD_JWS_TYPE,
  readSignedHead,
  type SignedChainPoint,
  verifyAccessChain,
  verifyAccessChainAgainstHead,
  verifyClientAccessChain,
} from "./chain-verify";
export { latestSignedHeads, type LatestSignedHead, pruneAuditLog, type SignedHead, signChainHeads } from "./chain-heads";
// The ports identity and clients fill for the acting user and a chain's company (ports.ts), handed over at start.
export { type AuditCompanies, type AuditPorts, type AuditUsers, provideAuditPorts } from "./ports";
