import "server-only";
// The invoices module's public face: everything outside src/features/invoices/server imports from here (README.md).

export { type ApiInvoice, pageClientInvoices } from "./api-invoices";
export { invoiceExportPages, type InvoiceExportRow, type ProjectNameSql } from "./invoice-export-pages";
export { clientInvoiceTotalsSql } from "./client-totals";
export { outstandingRevenueSql } from "./invoice-money-sql";
export {
  clearInvoiceProject,
  invoiceTimelineSql,
  listProjectInvoiceChoices,
  lockInvoiceProject,
  lockInvoicesForLinking,
  projectHasInvoicesSql,
  projectInvoiceFiguresSql,
  setInvoicesProject,
} from "./project-figures";
export {
  billingSummarySubquery,
  getBillingSummary,
  getClientBillingForAdmin,
  listPayableInvoices,
  listPortalInvoices,
  type BillingSummary,
  type PayableInvoice,
  type PortalInvoice,
} from "./portal-billing";
export { exportPortalInvoices, type PortalInvoiceExportRow } from "./portal-invoice-export";
export { getInvoicedVsCollected, getPaidVsOutstanding, type MonthPoint } from "./revenue-charts";
export { adminInvoiceSearchWhere, adminInvoiceWhere, type AdminInvoiceFilter, invoiceCompaniesWhere } from "./admin-invoice-filter";
export { listAdminInvoices, type AdminInvoicePage, type AdminInvoiceRow, type AdminInvoiceTotals } from "./admin-invoices";
export { getAdminInvoice, getPortalInvoice, type InvoiceDetail, type InvoiceLineItem } from "./invoice-detail";
export { adminInvoicePdf, type InvoicePdf, portalInvoicePdf } from "./invoice-pdf";
export {
  getAdminStatement,
  getPortalStatement,
  type Statement,
  type StatementCsvRow,
  statementCsvPages,
  type StatementLine,
} from "./statement";
export { adminStatementPdf, portalStatementPdf, type StatementFile, statementFileName } from "./statement-pdf";
export { overdueInvoicesSql } from "./overdue-invoices";
export type { AcceptedPaymentMethods, ScheduleEntry } from "./schema";
export { squareInvoices } from "./square-invoice-store";
export type { SquareInvoiceRow, SquareInvoiceUpsert } from "./square-invoice-upsert";
