"use client";

import { ExternalLink } from "lucide-react";
import { useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { formatCents, formatDate } from "@/lib/format";
import { invoiceDue, invoicePayLink } from "@/lib/invoice-due";
import type { PayableInvoice } from "@/features/invoices/server";

/** A link to Square's payment page of one invoice, for its next amount due (new tab). */
function PayLink({ invoice, label }: { invoice: PayableInvoice; label: string }) {
  const url = invoicePayLink(invoice);
  if (!url) return null;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClasses("primary", "sm", "self-start")}>
      {label}
      <span className="sr-only"> (opens in a new tab)</span>
      <ExternalLink className="h-4 w-4" aria-hidden />
    </a>
  );
}

/**
 * Total Balance Due's Pay Now (docs/PRODUCT.md#portal-billing): the next amount due of an invoice,
 * paid on its Square page. One invoice to pay: the link itself; several: the client chooses which.
 */
export function PayNow({ payable }: { payable: PayableInvoice[] }) {
  const [choosing, setChoosing] = useState(false);
  const choices = payable
    .map((invoice) => ({ invoice, due: invoiceDue(invoice) }))
    .filter(({ invoice, due }) => due.next && invoicePayLink(invoice));
  if (choices.length === 0) return null;
  if (choices.length === 1) {
    const { invoice, due } = choices[0]!;
    return <PayLink invoice={invoice} label={`Pay ${formatCents(due.next!.cents)} on ${invoice.invoiceNumber}`} />;
  }
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className={buttonClasses("primary", "sm", "self-start")}
        aria-expanded={choosing}
        aria-controls="pay-now-choices"
        onClick={() => setChoosing((open) => !open)}
      >
        Pay Now
      </button>
      {choosing ? (
        <ul id="pay-now-choices" aria-label="Choose an invoice to pay" className="divide-y divide-slate-800 text-sm">
          {choices.map(({ invoice, due }) => (
            <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium">{invoice.invoiceNumber}</span>
                <span className="block text-xs text-muted">
                  {formatCents(due.next!.cents)} due {formatDate(due.next!.dueDate ?? invoice.dueDate)}
                </span>
              </span>
              <PayLink invoice={invoice} label={`Pay ${formatCents(due.next!.cents)}`} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
