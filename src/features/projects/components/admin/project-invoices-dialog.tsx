"use client";

import { ExternalLink } from "lucide-react";
import { formatCents } from "@/lib/format";
import { InvoicesDialogFrame } from "./invoices-dialog-frame";
import { LinkedInvoiceList } from "./linked-invoice-list";
import type { ProjectRowView } from "./types";
import { useProjectInvoices } from "./use-project-invoices";

/** Project Invoices: totals and each linked invoice with its payment page. */
export function ProjectInvoicesDialog({ project, onClose }: { project: ProjectRowView; onClose: () => void }) {
  const invoices = useProjectInvoices(project.id);
  return (
    <InvoicesDialogFrame title="Project Invoices" project={project} onClose={onClose} invoices={invoices}>
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
          <div className="mt-4">
            <LinkedInvoiceList
              invoices={data.linked}
              end={(invoice) =>
                invoice.squarePaymentUrl ? (
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
                ) : null
              }
            />
          </div>
        </>
      )}
    </InvoicesDialogFrame>
  );
}
