"use client";

import { ExternalLink } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatCents } from "@/lib/format";
import { InvoicesDialogFrame } from "./invoices-dialog-frame";
import { InvoiceStatusBadge } from "./invoice-status-badge";
import type { ProjectRowView } from "./types";
import { useProjectInvoices } from "./use-project-invoices";

/** Project Invoices: totals and each linked invoice with its payment page. */
export function ProjectInvoicesDialog({ project, onClose }: { project: ProjectRowView; onClose: () => void }) {
  const { data, error } = useProjectInvoices(project.id);
  return (
    <InvoicesDialogFrame
      title="Project Invoices"
      project={project}
      onClose={onClose}
      data={data}
      error={error}
      footer={
        <div className="mt-6 flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      }
    >
      {(data) => (
        <>
          <dl className="grid grid-cols-3 gap-3 text-center">
            <div className="rounded-lg bg-slate-900 p-3">
              <dt className="text-xs text-muted">Total Invoices</dt>
              <dd className="text-lg font-semibold">{data.totals.invoiceCount}</dd>
            </div>
            <div className="rounded-lg bg-slate-900 p-3">
              <dt className="text-xs text-muted">Total Billed</dt>
              <dd className="font-mono text-lg font-semibold">{formatCents(data.totals.totalBilledCents)}</dd>
            </div>
            <div className="rounded-lg bg-slate-900 p-3">
              <dt className="text-xs text-muted">Total Paid</dt>
              <dd className="font-mono text-lg font-semibold text-success">{formatCents(data.totals.totalPaidCents)}</dd>
            </div>
          </dl>
          {data.linked.length === 0 ? (
            <p className="mt-4 text-sm text-muted">No invoices linked to this project yet.</p>
          ) : (
            <ul className="mt-4 divide-y divide-slate-800 rounded-lg border border-slate-800">
              {data.linked.map((invoice) => (
                <li key={invoice.id} className="flex flex-wrap items-center gap-3 px-3 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="flex items-center gap-2 font-medium">
                      {invoice.invoiceNumber}
                      <InvoiceStatusBadge status={invoice.status} />
                    </p>
                    <p className="text-sm text-muted">{invoice.description ?? "—"}</p>
                  </div>
                  <span className="font-mono">{formatCents(invoice.amountCents)}</span>
                  {invoice.squarePaymentUrl ? (
                    <a
                      href={invoice.squarePaymentUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 text-sm text-accent underline"
                      aria-label={`Payment page of ${invoice.invoiceNumber} (opens in a new tab)`}
                    >
                      Payment page
                      <ExternalLink className="h-3.5 w-3.5" aria-hidden />
                    </a>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </InvoicesDialogFrame>
  );
}
