// A client's statement for a period (docs/PRODUCT.md#statements): the period's rules and the
// payments an invoice holds, amounts in integer cents. Pure, shared by the form and the server.
import { scheduleEntryLabels, type ScheduleEntryView } from "./schedule";

/** The longest period a statement covers. */
export const STATEMENT_MAX_YEARS = 5;

/** The first day of `today`'s year: the default start of a statement ("this calendar year so far"). */
export const yearStart = (today: string) => `${today.slice(0, 4)}-01-01`;

/** yyyy-mm-dd, `years` later (29 February lands on 1 March). */
export function addYears(date: string, years: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
}

/** Why a period cannot make a statement, or null: the end before the start, or more than STATEMENT_MAX_YEARS. */
export function statementPeriodProblem(from: string, to: string): string | null {
  if (to < from) return "The end date is before the start date";
  if (to >= addYears(from, STATEMENT_MAX_YEARS)) return `A statement covers at most ${STATEMENT_MAX_YEARS} years`;
  return null;
}

export type StatementInvoiceFacts = {
  /** The invoice's date on a statement: its issue date, else its due date, else when it was recorded. */
  date: string;
  /** Paid by the stored rule (docs/PRODUCT.md#rules-invoices-and-balances). */
  paidCents: number;
  /** The day the invoice was paid in full, if it was. */
  paidDate: string | null;
  /** The day of its last update from Square: no payment it holds is later. */
  updatedDate: string;
  paymentSchedule: ScheduleEntryView[];
};

export type StatementPayment = { date: string; cents: number; label: string };

const earliest = (a: string, b: string) => (a < b ? a : b);
const latest = (a: string, b: string) => (a > b ? a : b);

/**
 * The payments one invoice holds, dated. Square tells how much of each scheduled payment is paid,
 * not when: a scheduled payment is dated on its due date, but never after the day the invoice was
 * paid in full (else its last update) nor before the invoice's date; what is paid beyond the
 * schedule (an invoice without one) is one payment on the day it was paid in full (else its last
 * update). Together they make exactly the invoice's paid amount.
 */
export function invoicePayments(invoice: StatementInvoiceFacts): StatementPayment[] {
  const last = invoice.paidDate ?? invoice.updatedDate;
  const within = (date: string) => latest(earliest(date, last), invoice.date);
  const labels = scheduleEntryLabels(invoice.paymentSchedule);
  const payments: StatementPayment[] = [];
  let left = invoice.paidCents;
  invoice.paymentSchedule.forEach((entry, i) => {
    const cents = Math.min(Math.max(entry.totalCompletedAmountCents, 0), entry.computedAmountCents, left);
    if (cents <= 0) return;
    left -= cents;
    payments.push({ date: within(entry.dueDate ?? last), cents, label: labels[i]! });
  });
  if (left > 0) payments.push({ date: within(last), cents: left, label: "Payment" });
  return payments;
}
