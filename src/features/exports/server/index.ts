import "server-only";
// The exports module's public face: everything outside src/features/exports/server imports from here (README.md).

export { exportAdminClients, exportAdminInvoices, exportAdminProjects } from "./admin-exports";
export {
  ACCESS_LOG_EXPORT_COLUMNS,
  ADMIN_INVOICE_EXPORT_COLUMNS,
  CLIENT_EXPORT_COLUMNS,
  PORTAL_INVOICE_EXPORT_COLUMNS,
  PROJECT_EXPORT_COLUMNS,
  STATEMENT_EXPORT_COLUMNS,
} from "./export-columns";
export {
  exportAdminInterchange,
  exportClientInterchange,
  INTERCHANGE_MAX_FINDINGS,
  type InterchangeFile,
  interchangeResponse,
} from "./interchange/interchange";
