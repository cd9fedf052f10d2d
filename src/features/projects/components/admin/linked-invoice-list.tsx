"use client";

import type { ReactNode } from "react";
import { formatCents, formatDate } from "@/lib/format";
import { InvoiceStatusBadge } from "./invoice-status-badge";
import type { InvoiceView } from "./use-project-invoices";

/** An invoice's number, status, description and due date: one row of either invoice dialog. */
export function InvoiceLine({ invoice }: { invoice: InvoiceView }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
        {invoice.invoiceNumber}
        <InvoiceStatusBadge status={invoice.status} />
      </p>
      <p className="truncate text-xs text-muted">
        {invoice.description ?? "—"} · due {formatDate(invoice.dueDate)}
      </p>
    </div>
  );
}

/** The invoices linked to a project, each with its amount and what the dialog offers for it (`end`). */
export function LinkedInvoiceList({ invoices, end }: { invoices: InvoiceView[]; end: (invoice: InvoiceView) => ReactNode }) {
  if (invoices.length === 0) return <p className="text-sm text-muted">No invoices linked to this project yet.</p>;
  return (
    <ul className="divide-y divide-slate-800 rounded-lg border border-slate-800">
      {invoices.map((invoice) => (
        <li key={invoice.id} className="flex flex-wrap items-center gap-3 px-3 py-2">
          <InvoiceLine invoice={invoice} />
          <span className="font-mono text-sm">{formatCents(invoice.amountCents)}</span>
          {end(invoice)}
        </li>
      ))}
    </ul>
  );
}
