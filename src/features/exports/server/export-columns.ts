import "server-only";
import { CLIENT_STATUS_LABELS } from "@/lib/domain/client-status";
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from "@/lib/domain/invoice-status";
import { PROJECT_STATUS_LABELS, type ProjectStatus } from "@/lib/domain/project-status";
import { centsToDecimal } from "@/lib/format";
import { accessLogLabel } from "@/lib/domain/access-log";
import type { CsvColumn } from "@/server/core/csv/csv-response";
import type { AccessLogExportEntry } from "@/features/audit/server";
import type { InvoiceExportRow, PortalInvoiceExportRow, StatementCsvRow } from "@/features/invoices/server";
import type { ClientExportRow, ProjectExportRow } from "./admin-exports";

// Columns of each export (docs/PRODUCT.md#csv-exports). Money is a plain decimal in dollars made
// from the integer cents by string arithmetic ("1234.50"), so a spreadsheet sums it exactly.

const money = centsToDecimal;

export const CLIENT_EXPORT_COLUMNS: CsvColumn<ClientExportRow>[] = [
  { header: "Company", cell: (r) => r.company },
  { header: "Contact", cell: (r) => r.contactPerson },
  { header: "Email", cell: (r) => r.email },
  { header: "Contact email", cell: (r) => r.contactEmail },
  { header: "Phone", cell: (r) => r.phone },
  { header: "Status", cell: (r) => CLIENT_STATUS_LABELS[r.status] },
  { header: "Joined", cell: (r) => r.joinedDate },
  { header: "Invoices", cell: (r) => String(r.invoiceCount) },
  { header: "Balance (USD)", cell: (r) => money(r.balanceCents) },
];

export const PROJECT_EXPORT_COLUMNS: CsvColumn<ProjectExportRow>[] = [
  { header: "Project", cell: (r) => r.projectName },
  { header: "Client", cell: (r) => r.company },
  { header: "Status", cell: (r) => PROJECT_STATUS_LABELS[r.status as ProjectStatus] ?? r.status },
  { header: "Start date", cell: (r) => r.startDate },
  { header: "Target completion", cell: (r) => r.targetCompletionDate },
  { header: "Invoices", cell: (r) => String(r.invoiceCount) },
  { header: "Billed (USD)", cell: (r) => money(r.billedCents) },
  { header: "Paid (USD)", cell: (r) => money(r.paidCents) },
  { header: "Outstanding (USD)", cell: (r) => money(r.billedCents - r.paidCents) },
  { header: "Description", cell: (r) => r.description },
];

const invoiceColumns = <T extends PortalInvoiceExportRow>(client?: CsvColumn<T>): CsvColumn<T>[] => [
  { header: "Invoice", cell: (r) => r.invoiceNumber },
  ...(client ? [client] : []),
  { header: "Project", cell: (r) => r.projectName },
  { header: "Description", cell: (r) => r.description },
  { header: "Status", cell: (r) => INVOICE_STATUS_LABELS[r.status as InvoiceStatus] ?? r.status },
  { header: "Issued", cell: (r) => r.issuedDate },
  { header: "Due", cell: (r) => r.dueDate },
  { header: "Paid on", cell: (r) => r.paidDate },
  { header: "Amount (USD)", cell: (r) => money(r.amountCents) },
  { header: "Paid (USD)", cell: (r) => money(r.paidCents) },
  { header: "Outstanding (USD)", cell: (r) => money(r.outstandingCents) },
];

export const ADMIN_INVOICE_EXPORT_COLUMNS: CsvColumn<InvoiceExportRow>[] = invoiceColumns<InvoiceExportRow>({
  header: "Client",
  cell: (r) => r.company,
});
export const PORTAL_INVOICE_EXPORT_COLUMNS: CsvColumn<PortalInvoiceExportRow>[] = invoiceColumns<PortalInvoiceExportRow>();

/** A client's statement for a period (docs/PRODUCT.md#statements): opening balance, its lines, closing balance. */
export const STATEMENT_EXPORT_COLUMNS: CsvColumn<StatementCsvRow>[] = [
  { header: "Date", cell: (r) => r.date },
  { header: "Type", cell: (r) => r.type },
  { header: "Invoice", cell: (r) => r.invoiceNumber },
  { header: "Description", cell: (r) => r.description },
  { header: "Invoiced (USD)", cell: (r) => (r.invoicedCents === null ? null : money(r.invoicedCents)) },
  { header: "Paid (USD)", cell: (r) => (r.paidCents === null ? null : money(r.paidCents)) },
  { header: "Balance (USD)", cell: (r) => money(r.balanceCents) },
];

/** The client's access log (docs/PRODUCT.md#portal-access-log): times in UTC, as stored. */
/**
 * The client's access log (docs/PRODUCT.md#portal-access-log): times in UTC, as stored; then what
 * recomputes its hash chain without the firm (scripts/access-log-csv-verify.mjs,
 * docs/DEPLOYMENT.md#access-log-integrity).
 */
export const ACCESS_LOG_EXPORT_COLUMNS: CsvColumn<AccessLogExportEntry>[] = [
  { header: "When (UTC)", cell: (r) => r.at },
  { header: "Who", cell: (r) => r.who },
  { header: "What", cell: (r) => accessLogLabel(r.action) },
  { header: "Item", cell: (r) => r.item },
  { header: "While viewing your portal", cell: (r) => (r.viewingPortal ? "Yes" : "No") },
  { header: "entry_id", cell: (r) => String(r.id) },
  { header: "actor_id", cell: (r) => r.actorId },
  { header: "actor_email", cell: (r) => r.whoEmail },
  { header: "chain_seq", cell: (r) => (r.chainSeq === null ? "" : String(r.chainSeq)) },
  { header: "chain_hash", cell: (r) => r.chainHash },
  { header: "hashed_text", cell: (r) => r.hashedText },
];
