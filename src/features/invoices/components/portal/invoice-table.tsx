"use client";

import { ChevronDown, ExternalLink } from "lucide-react";
import { Fragment } from "react";
import { StatusBadge } from "@/components/ui/status-badge";
import { useIdSet } from "@/components/ui/use-id-set";
import { cn } from "@/lib/cn";
import { INVOICE_STATUS_TONES, isOpenInvoiceStatus } from "@/lib/domain/invoice-status";
import { formatCents, formatDate } from "@/lib/format";
import { invoiceDue, invoicePayLink } from "@/lib/invoice-due";
import type { PortalInvoice } from "@/features/invoices/server";
import { sectionHref } from "@/components/portal/portal-sections-config";
import { usePortalNavigation } from "@/components/portal/use-portal-navigation";
import { PaymentSchedulePanel } from "./payment-schedule-panel";

/**
 * Recent Invoices: one table, laid out as a table from md up and as stacked cards on phones
 * (the same rows restyled, so every invoice appears once in the page).
 */
/** `payable`: false for an admin viewing the portal, who is offered no client's payment page. */
export function InvoiceTable({ invoices, payable = true }: { invoices: PortalInvoice[]; payable?: boolean }) {
  const { ids: expanded, toggle } = useIdSet();
  const { linkHandler } = usePortalNavigation();

  return (
    <table className="block w-full text-sm md:table">
      <caption className="sr-only">Recent invoices</caption>
      <thead className="hidden border-b border-slate-800 text-left text-xs uppercase tracking-wide text-muted md:table-header-group">
        <tr>
          <th scope="col" className="px-3 py-2 font-medium">
            Invoice
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            Description
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            Due Date
          </th>
          <th scope="col" className="px-3 py-2 text-right font-medium">
            Amount
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            Status
          </th>
          <th scope="col" className="px-3 py-2 text-right font-medium">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="block space-y-3 md:table-row-group md:space-y-0">
        {invoices.map((invoice) => {
          const hasSchedule = invoice.paymentSchedule.length > 1;
          const panelId = `schedule-${invoice.id}`;
          // The button's name and the link's description take the invoice number from its cell, so
          // the number appears once in the page's text (and screen readers still hear which invoice).
          const numberId = `invoice-${invoice.id}`;
          const toggleId = `schedule-toggle-${invoice.id}`;
          const isExpanded = expanded.has(invoice.id);
          const due = invoiceDue(invoice);
          const open = { invoice: invoice.id };
          return (
            <Fragment key={invoice.id}>
              <tr
                data-invoice={invoice.invoiceNumber}
                className={cn(
                  "flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-slate-800 bg-surface/80 p-4",
                  "md:table-row md:rounded-none md:border-0 md:border-b md:bg-transparent md:p-0",
                )}
              >
                <td id={numberId} className="order-1 flex-1 whitespace-nowrap font-semibold md:table-cell md:px-3 md:py-3">
                  {/* The invoice's page: its lines, schedule and PDF (docs/PRODUCT.md#invoice-page). */}
                  <a
                    href={sectionHref("billing", open)}
                    onClick={linkHandler("billing", open)}
                    className="text-accent underline-offset-2 hover:underline"
                  >
                    {invoice.invoiceNumber}
                  </a>
                </td>
                <td className="order-3 w-full text-muted md:table-cell md:w-auto md:px-3 md:py-3">{invoice.description ?? "—"}</td>
                <td className="order-4 flex-1 whitespace-nowrap md:table-cell md:px-3 md:py-3">
                  <span className="text-muted md:hidden">Due </span>
                  {formatDate(invoice.dueDate)}
                </td>
                <td className="order-5 whitespace-nowrap font-semibold md:table-cell md:px-3 md:py-3 md:text-right">
                  {formatCents(invoice.amountCents)}
                  {/* What is still due, for an invoice that still owes something. */}
                  {isOpenInvoiceStatus(invoice.status) ? (
                    <span className="block text-xs font-normal text-muted" data-testid="invoice-due">
                      {due.amounts}
                    </span>
                  ) : null}
                </td>
                <td className="order-2 md:table-cell md:px-3 md:py-3">
                  <StatusBadge value={invoice.status} label={due.label} tone={INVOICE_STATUS_TONES[invoice.status]} />
                </td>
                <td className="order-6 mt-2 flex w-full flex-wrap justify-end gap-2 md:mt-0 md:table-cell md:w-auto md:px-3 md:py-3 md:text-right">
                  <div className="flex flex-wrap justify-end gap-2">
                    {hasSchedule ? (
                      <button
                        type="button"
                        onClick={() => toggle(invoice.id)}
                        aria-expanded={isExpanded}
                        aria-controls={panelId}
                        id={toggleId}
                        aria-labelledby={`${toggleId} ${numberId}`}
                        className="inline-flex h-8 items-center gap-1 rounded-md border border-slate-700 px-3 text-xs font-medium hover:bg-surface-2"
                      >
                        Payment Schedule
                        <ChevronDown className={cn("h-4 w-4 transition-transform", isExpanded && "rotate-180")} aria-hidden />
                      </button>
                    ) : null}
                    {payable ? <InvoiceLink invoice={invoice} describedBy={numberId} /> : null}
                  </div>
                </td>
              </tr>
              {hasSchedule && isExpanded ? (
                <tr className="block md:table-row">
                  <td colSpan={6} className="block md:table-cell md:px-3 md:pb-4">
                    <PaymentSchedulePanel invoice={invoice} id={panelId} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}

/** Pay Now (Square's payment page, new tab) while the invoice is open; a paid or cancelled one offers none. */
function InvoiceLink({ invoice, describedBy }: { invoice: PortalInvoice; describedBy: string }) {
  const url = invoicePayLink(invoice);
  if (!url) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-describedby={describedBy}
      className="inline-flex h-8 items-center gap-1 rounded-md bg-accent-strong px-3 text-xs font-semibold text-slate-950 hover:bg-accent"
    >
      Pay Now
      <span className="sr-only"> (opens in a new tab)</span>
      <ExternalLink className="h-3.5 w-3.5" aria-hidden />
    </a>
  );
}
