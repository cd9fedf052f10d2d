import "server-only";
// The audit module's public face: everything outside src/server/modules/audit imports from here (README.md).

export { listAuditFilterOptions, listAuditLog, type AuditRow } from "./admin-audit";
export { recordAudit } from "./audit";
export { auditEntryColumns } from "./columns";
