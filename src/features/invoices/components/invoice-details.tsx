import { ScrollRegion } from "@/components/admin/scroll-region";
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
              {due.summary}
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
          <ScrollRegion label={`Line items of ${invoice.invoiceNumber}`}>
            <table className="w-full text-sm">
              <caption className="sr-only">Line items of {invoice.invoiceNumber}</caption>
              <thead className="border-b border-slate-800 text-left text-xs uppercase tracking-wide text-muted">
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
              <tbody>
                {invoice.lineItems.map((item, index) => (
                  <tr key={index} className="border-b border-slate-800/60 align-top">
                    <td className="py-2 pr-3">
                      <span className="font-medium">{item.name}</span>
                      {item.note ? <span className="block text-xs text-muted">{item.note}</span> : null}
                    </td>
                    <td className="px-3 py-2 text-right">{item.quantity}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-right">{formatCents(item.unitPriceCents)}</td>
                    <td className="whitespace-nowrap py-2 pl-3 text-right">{formatCents(item.totalCents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3} className="py-2 pr-3 text-right font-semibold">
                    Total
                  </th>
                  <td className="whitespace-nowrap py-2 pl-3 text-right font-semibold">{formatCents(due.totalCents)}</td>
                </tr>
              </tfoot>
            </table>
          </ScrollRegion>
        )}
      </Card>

      {invoice.paymentSchedule.length > 0 ? <PaymentSchedulePanel invoice={invoice} id={`schedule-${invoice.id}`} /> : null}
    </div>
  );
}
