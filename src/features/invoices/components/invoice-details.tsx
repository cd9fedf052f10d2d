import { Download, ExternalLink } from "lucide-react";
import { Card } from "@/components/ui/card";
import { buttonClasses } from "@/components/ui/button";
import { StatusBadge } from "@/components/ui/status-badge";
import { INVOICE_STATUS_TONES } from "@/lib/domain/invoice-status";
import { formatCents, formatDate } from "@/lib/format";
import { invoiceDue, invoicePayLink } from "@/lib/invoice-due";
import type { InvoiceDetail } from "@/features/invoices/server";
import { PaymentSchedulePanel } from "./portal/payment-schedule-panel";

/**
 * One invoice's page body (docs/PRODUCT.md#invoice-page), the same for the client and the firm:
 * status and what is due, the PDF, the lines of its Square order and its payment schedule.
 * `payable`: the client's own view, which offers Square's payment page while the invoice is open.
 */
export function InvoiceDetails({ invoice, pdfHref, payable }: { invoice: InvoiceDetail; pdfHref: string; payable: boolean }) {
  const due = invoiceDue(invoice);
  const payUrl = payable ? invoicePayLink(invoice) : null;
  const facts: [string, string][] = [
    ["Billed to", invoice.company ?? "Waiting for a client"],
    ["Issued", formatDate(invoice.issuedDate)],
    ["Due", formatDate(invoice.dueDate)],
  ];
  if (invoice.projectName) facts.push(["Project", invoice.projectName]);
  if (invoice.paidDate) facts.push(["Paid", formatDate(invoice.paidDate)]);

  return (
    <div className="space-y-6" data-invoice-page={invoice.invoiceNumber}>
      <Card className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <StatusBadge value={invoice.status} label={due.label} tone={INVOICE_STATUS_TONES[invoice.status]} />
            <p className="font-semibold" data-testid="invoice-due">
              {due.amounts}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {payUrl && due.next ? (
              <a href={payUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses("primary", "sm")}>
                Pay {formatCents(due.next.cents)}
                <span className="sr-only"> (opens in a new tab)</span>
                <ExternalLink className="h-4 w-4" aria-hidden />
              </a>
            ) : null}
            {/* A plain link: the browser downloads the PDF the server draws. */}
            <a href={pdfHref} download className={buttonClasses("secondary", "sm")}>
              <Download className="h-4 w-4" aria-hidden />
              Download PDF
            </a>
          </div>
        </div>
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          {[
            ["Total", formatCents(due.totalCents)],
            ["Paid", formatCents(due.paidCents)],
            ["Remaining", formatCents(due.dueCents)],
          ].map(([label, value]) => (
            <div key={label} className="rounded-md border border-slate-800 p-3">
              <dt className="text-xs uppercase tracking-wide text-muted">{label}</dt>
              <dd className="mt-1 text-lg font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label} className="flex gap-2">
              <dt className="text-muted">{label}:</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
        </dl>
        {invoice.description ? <p className="text-sm text-muted">{invoice.description}</p> : null}
      </Card>

      <Card className="space-y-3">
        <h2 className="font-semibold">Line items</h2>
        {invoice.lineItems.length === 0 ? (
          <p className="text-sm text-muted">
            {invoice.lineItemsUnread
              ? "Line items are not available yet: the Square connection lacks the permission to read orders. They appear after the next sync once Square is reconnected."
              : "Square sent no line items for this invoice."}
          </p>
        ) : (
          // A table from sm up; on a phone each line is a card (item, then quantity × unit price and
          // its amount), so the amount is on screen at 390 px without a sideways scroll.
          <table className="block w-full text-sm sm:table">
            <caption className="sr-only">Line items of {invoice.invoiceNumber}</caption>
            <thead className="hidden border-b border-slate-800 text-left text-xs uppercase tracking-wide text-muted sm:table-header-group">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Item
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Qty
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Unit price
                </th>
                <th scope="col" className="py-2 pl-3 text-right font-medium">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody className="block sm:table-row-group">
              {invoice.lineItems.map((item, index) => (
                <tr
                  key={index}
                  className="flex flex-wrap items-baseline gap-x-2 border-b border-slate-800/60 py-2 sm:table-row sm:py-0 sm:align-top"
                  data-testid="line-item"
                >
                  <td className="w-full min-w-0 break-words sm:w-auto sm:py-2 sm:pr-3">
                    <span className="font-medium">{item.name}</span>
                    {item.note ? <span className="block text-xs text-muted">{item.note}</span> : null}
                  </td>
                  <td className="text-muted sm:px-3 sm:py-2 sm:text-right sm:text-foreground">
                    {item.quantity}
                    <span className="sm:hidden"> ×</span>
                  </td>
                  <td className="whitespace-nowrap text-muted sm:px-3 sm:py-2 sm:text-right sm:text-foreground">
                    {formatCents(item.unitPriceCents)}
                  </td>
                  <td className="ml-auto whitespace-nowrap font-medium sm:py-2 sm:pl-3 sm:text-right sm:font-normal">
                    {formatCents(item.totalCents)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot className="block sm:table-footer-group">
              <tr className="flex justify-between sm:table-row">
                <th scope="row" colSpan={3} className="py-2 pr-3 text-right font-semibold">
                  Total
                </th>
                <td className="whitespace-nowrap py-2 pl-3 text-right font-semibold">{formatCents(due.totalCents)}</td>
              </tr>
            </tfoot>
          </table>
        )}
      </Card>

      {invoice.paymentSchedule.length > 0 ? <PaymentSchedulePanel invoice={invoice} id={`schedule-${invoice.id}`} /> : null}
    </div>
  );
}
