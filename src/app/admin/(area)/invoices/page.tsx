import { Receipt } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { ExportLink } from "@/components/admin/export-link";
import { FilterForm } from "@/components/admin/filter-form";
import { InvoiceClientFilter } from "@/features/invoices/components/admin/invoice-client-filter";
import { StatementDownload } from "@/features/invoices/components/statement-download";
import { InvoiceTotals } from "@/features/invoices/components/admin/invoice-totals";
import { type Column, type ListEmptyTexts, ListTable } from "@/components/admin/list-table";
import { PageHeader } from "@/components/admin/page-header";
import { buttonClasses } from "@/components/ui/button";
import { StatusBadge } from "@/components/ui/status-badge";
import {
  INVOICE_FILTER_STATUS_LABELS,
  INVOICE_FILTER_STATUSES,
  INVOICE_STATUS_LABELS,
  INVOICE_STATUS_TONES,
  type InvoiceStatus,
  isOpenInvoiceStatus,
} from "@/lib/domain/invoice-status";
import { formatCents, formatDate } from "@/lib/format";
import { invoiceDue } from "@/lib/invoice-due";
import { type InvoiceListQuery, invoiceListQuerySchema } from "@/features/invoices/validation";
import { getDb } from "@/server/core/get-db";
import { openAdminListPage, type PageSearchParams } from "@/features/identity/server";
import { listActiveClientOptions } from "@/features/clients/server";
import { type AdminInvoiceRow, listAdminInvoices } from "@/features/invoices/server";
import { projectNameSql } from "@/features/projects/server";

export const metadata: Metadata = { title: "Invoices" };

const linkClass = "text-accent underline-offset-2 hover:underline";

/** What is still due on a row, from its stored payments (docs/PRODUCT.md#rules-invoices-and-balances). */
const dueOf = (row: AdminInvoiceRow) =>
  invoiceDue({ amountCents: row.amountCents, paidCents: row.paidCents, status: row.status as InvoiceStatus, paymentSchedule: [] });

const COLUMNS: Column<AdminInvoiceRow>[] = [
  {
    header: "Invoice",
    cell: (row) => (
      <span>
        {/* The invoice's page: its lines, schedule and PDF (docs/PRODUCT.md#invoice-page). */}
        <Link className={`font-medium ${linkClass}`} href={`/admin/invoices/${row.id}`}>
          {row.invoiceNumber}
        </Link>
        {row.description ? <span className="block max-w-xs truncate text-xs text-muted">{row.description}</span> : null}
        {isOpenInvoiceStatus(row.status) ? <span className="block text-xs text-muted">{dueOf(row).amounts}</span> : null}
      </span>
    ),
  },
  {
    header: "Client",
    cell: (row) =>
      row.company ? (
        <Link className={linkClass} href={`/admin/clients?q=${encodeURIComponent(row.company)}`}>
          {row.company}
        </Link>
      ) : (
        <Link className={linkClass} href="/admin/unmatched-invoices">
          Waiting for a client
        </Link>
      ),
  },
  {
    header: "Project",
    priority: "low",
    cell: (row) =>
      row.projectName ? (
        <Link className={linkClass} href={`/admin/projects?q=${encodeURIComponent(row.projectName)}`}>
          {row.projectName}
        </Link>
      ) : (
        <span className="text-muted">—</span>
      ),
  },
  {
    header: "Status",
    cell: (row) => (
      <StatusBadge
        value={row.status}
        label={row.status in INVOICE_STATUS_LABELS ? dueOf(row).label : row.status}
        tone={INVOICE_STATUS_TONES[row.status as InvoiceStatus] ?? "slate"}
      />
    ),
  },
  { header: "Issued", priority: "low", cell: (row) => formatDate(row.issuedDate), className: "whitespace-nowrap" },
  { header: "Due", cell: (row) => formatDate(row.dueDate), className: "whitespace-nowrap" },
  { header: "Amount", cell: (row) => formatCents(row.amountCents), align: "right" },
  { header: "Paid", priority: "low", cell: (row) => formatCents(row.paidCents), align: "right" },
  {
    header: "Outstanding",
    cell: (row) => <span className={row.outstandingCents > 0 ? "text-red-400" : undefined}>{formatCents(row.outstandingCents)}</span>,
    align: "right",
  },
];

/** The filter as the address holds it (no cursor): the form, the export and the page links share it. */
function filterParams(query: InvoiceListQuery): Record<string, string | undefined> {
  return {
    client: query.client,
    status: query.status === "all" ? undefined : query.status,
    dates: query.dates === "issued" ? undefined : query.dates,
    from: query.from,
    to: query.to,
    number: query.number || undefined,
  };
}

function hrefWith(params: Record<string, string | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `/admin/invoices?${text}` : "/admin/invoices";
}

export default async function AdminInvoicesPage({ searchParams }: { searchParams: PageSearchParams }) {
  const { actor, query } = await openAdminListPage(searchParams, invoiceListQuerySchema);
  const db = getDb();
  const params = filterParams(query);
  const [{ rows, totals, next }, clients] = await Promise.all([
    listAdminInvoices(db, { actor, filter: query, after: query.after, projectName: projectNameSql }),
    listActiveClientOptions(db, { actor }),
  ]);
  const filtered = Object.values(params).some(Boolean);
  // An inactive client picked by address is not among the active ones: its name comes with its rows.
  const picked = query.client && !clients.some((c) => c.id === query.client) ? rows.find((r) => r.clientId === query.client) : undefined;
  const choices = picked?.company ? [...clients, { id: query.client!, company: picked.company }] : clients;

  return (
    <>
      <PageHeader
        title="Invoices"
        description="Every invoice of every client, with what the filter adds up to."
        actions={<ExportLink path="/api/admin/exports/invoices" filters={params} label="Export CSV" name="invoices" />}
      />
      <FilterForm
        basePath="/admin/invoices"
        fields={[
          {
            kind: "select",
            name: "status",
            label: "Status",
            value: query.status,
            options: [
              { value: "all", label: "All statuses" },
              ...INVOICE_FILTER_STATUSES.map((value) => ({ value, label: INVOICE_FILTER_STATUS_LABELS[value] })),
            ],
          },
          {
            kind: "select",
            name: "dates",
            label: "Dates by",
            value: query.dates,
            options: [
              { value: "issued", label: "Issue date" },
              { value: "due", label: "Due date" },
            ],
          },
          { kind: "date", name: "from", label: "From", value: query.from ?? "" },
          { kind: "date", name: "to", label: "To", value: query.to ?? "" },
          { kind: "search", name: "number", label: "Invoice number", value: query.number, placeholder: "e.g. INV-1042" },
        ]}
        extra={<InvoiceClientFilter clients={choices} value={query.client ?? ""} />}
      />
      <InvoiceTotals totals={totals} />
      <ListTable
        caption="Invoices"
        columns={COLUMNS}
        rows={rows}
        minWidthClass="md:min-w-[760px]"
        filtered={filtered || Boolean(query.after)}
        empty={EMPTY}
      />
      <nav aria-label="Invoice pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted">
        <p>
          Showing {rows.length} of {totals.count.toLocaleString("en-US")} {totals.count === 1 ? "invoice" : "invoices"}
          {query.after ? " (a later page)" : ""}
        </p>
        <div className="flex gap-2">
          {query.after ? (
            <Link className={buttonClasses("secondary", "sm")} href={hrefWith(params)}>
              First page
            </Link>
          ) : null}
          {next ? (
            <Link className={buttonClasses("secondary", "sm")} href={hrefWith({ ...params, after: next })}>
              Next page
            </Link>
          ) : null}
        </div>
      </nav>
      {/* Filtered to one company: its statement for a period (docs/PRODUCT.md#statements). */}
      {query.client ? <StatementDownload href={`/api/admin/clients/${query.client}/statement`} className="mt-8" /> : null}
    </>
  );
}

/** What the list says when it has no rows. */
const EMPTY: ListEmptyTexts = {
  icon: Receipt,
  whenFiltered: { title: "No invoices match these filters", hint: "Try another client, status or date range" },
  whenNone: { title: "No invoices yet", hint: "Invoices appear here once they are synced from Square" },
};
