// What is still due on an invoice (docs/PRODUCT.md#rules-invoices-and-balances): exact cents from its
// payment schedule, the words a list shows ("$28,800.00 due of $48,000.00 · Partly Paid"), and which
// link, if any, an invoice may offer.
import { INVOICE_STATUS_LABELS, type InvoiceStatus, isOpenInvoiceStatus } from "./domain/invoice-status";
import { formatCents } from "./format";
import { nextScheduledPayment, type ScheduleEntryView } from "./schedule";

export type InvoiceDueInput = {
  amountCents: number;
  status: InvoiceStatus;
  /** Paid as stored (total of the payments recorded), used when there is no schedule. */
  paidCents: number;
  paymentSchedule: readonly ScheduleEntryView[];
};

export type InvoiceDue = {
  totalCents: number;
  paidCents: number;
  /** What remains to pay: 0 for a paid or cancelled invoice. */
  dueCents: number;
  /** The next payment request not fully paid: what remains of it and its due date (open invoices only). */
  next: { cents: number; dueDate: string | null } | null;
  /** "Partly Paid" when part of an open invoice is paid, else the status's label. */
  label: string;
  /** "$28,800.00 due of $48,000.00 · Partly Paid"; "$25,000.00 · Paid" when nothing is due (a document without a badge). */
  summary: string;
  /** "$28,800.00 due of $48,000.00"; "$25,000.00" when nothing is due: the words beside the status badge, which says the label once. */
  amounts: string;
};

/**
 * Paid is the whole amount once the invoice is paid; otherwise, with a schedule, the sum of what
 * each request has received (never more than the request), else the recorded payments; never more
 * than the amount. Due is the rest, for pending and overdue invoices only.
 */
export function invoiceDue(invoice: InvoiceDueInput): InvoiceDue {
  const total = invoice.amountCents;
  const open = isOpenInvoiceStatus(invoice.status);
  let paid: number;
  if (invoice.status === "paid") paid = total;
  else if (invoice.paymentSchedule.length > 0)
    paid = invoice.paymentSchedule.reduce((sum, e) => sum + Math.max(0, Math.min(e.totalCompletedAmountCents, e.computedAmountCents)), 0);
  else paid = invoice.paidCents;
  paid = Math.max(0, Math.min(paid, total));
  const due = open ? total - paid : 0;
  const scheduled = open && invoice.paymentSchedule.length > 0 ? nextScheduledPayment([...invoice.paymentSchedule]) : null;
  const next =
    !open || due === 0
      ? null
      : scheduled
        ? { cents: Math.min(scheduled.remainingCents, due), dueDate: scheduled.dueDate }
        : { cents: due, dueDate: null };
  const partly = open && paid > 0 && due > 0;
  const status = INVOICE_STATUS_LABELS[invoice.status];
  const label = partly ? (invoice.status === "overdue" ? "Partly Paid · Overdue" : "Partly Paid") : status;
  const amounts = open ? `${formatCents(due)} due of ${formatCents(total)}` : formatCents(total);
  return { totalCents: total, paidCents: paid, dueCents: due, next, label, summary: `${amounts} · ${label}`, amounts };
}

/** The link an invoice may offer: pay its next amount while open, else none (no receipt is stored). */
export function invoicePayLink(invoice: { status: InvoiceStatus; squarePaymentUrl: string | null }): string | null {
  return isOpenInvoiceStatus(invoice.status) && invoice.squarePaymentUrl ? invoice.squarePaymentUrl : null;
}
