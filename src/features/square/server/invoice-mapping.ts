import "server-only";
import type { Square } from "square";
import { type InvoiceStatus, isOpenInvoiceStatus } from "@/lib/domain/invoice-status";
import type { AcceptedPaymentMethods, ScheduleEntry } from "@/features/invoices/server";
import { moneyToCents, MoneyRangeError, optionalMoneyToCents } from "./money";

// One Square invoice → the fields of our invoices row. Pure: the sync and the webhook
// share it, and unit tests drive it directly. Clients and project links are not decided here.

export type MappedInvoice = {
  squareInvoiceId: string;
  invoiceNumber: string;
  amountCents: number;
  status: InvoiceStatus;
  issuedDate: string | null;
  dueDate: string | null;
  paidDate: string | null;
  description: string | null;
  squarePaymentUrl: string | null;
  paymentSchedule: ScheduleEntry[];
  nextPaymentAmountCents: number | null;
  nextPaymentDueDate: string | null;
  totalPaidCents: number;
  serviceDate: string | null;
  acceptedPaymentMethods: AcceptedPaymentMethods;
  /** Square's version of the invoice: an update only applies over an older or equal one. */
  squareVersion: number | null;
  squareUpdatedAt: string | null;
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * PostgreSQL refuses NUL in text and jsonb, and a lone surrogate in jsonb (the upsert goes through
 * jsonb); Square never sends either, a forged payload might. The cut may split a pair: clean after.
 */
function clean(value: string | null | undefined, max = 2000): string | null {
  if (value === null || value === undefined) return null;
  const text = value.replaceAll("\u0000", "").trim().slice(0, max).toWellFormed();
  return text === "" ? null : text;
}

/** Years 1 to 9999 only: JavaScript dates go far beyond what a PostgreSQL column takes. */
const storableYear = (date: Date) => date.getUTCFullYear() >= 1 && date.getUTCFullYear() <= 9999;

function instant(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) || !storableYear(date) ? null : date.toISOString();
}

/** A real calendar date PostgreSQL can store (not 2024-02-30, not year 0000), else none. */
function isoDate(value: string | null | undefined): string | null {
  if (!value || !ISO_DATE.test(value) || value.startsWith("0000")) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : null;
}

/** The calendar date of an instant in the invoice's time zone (Square's due dates are local dates). */
export function dateInZone(instant: string | Date | null | undefined, timeZone: string | null | undefined): string | null {
  if (!instant) return null;
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  const zone = timeZone || "UTC";
  let formatter = formatters.get(zone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
    } catch {
      formatter = new Intl.DateTimeFormat("en-CA", { timeZone: "UTC", year: "numeric", month: "2-digit", day: "2-digit" });
    }
    formatters.set(zone, formatter);
  }
  return formatter.format(date);
}

function safeSum(values: number[]): number {
  const total = values.reduce((sum, v) => sum + v, 0);
  if (!Number.isSafeInteger(total)) throw new MoneyRangeError(total);
  return total;
}

/** The HTTP(S) payment page only: anything else would end up as a clickable link in the portal. */
function paymentUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

function scheduleOf(invoice: Square.Invoice): ScheduleEntry[] {
  return (invoice.paymentRequests ?? []).map((request) => ({
    requestType: clean(request.requestType, 32) ?? "INSTALLMENT",
    percentageRequested: clean(request.percentageRequested, 16),
    dueDate: isoDate(request.dueDate),
    // computed_amount_money is what Square asks for; a draft may only have the fixed amount.
    computedAmountCents: moneyToCents(request.computedAmountMoney ?? request.fixedAmountRequestedMoney),
    totalCompletedAmountCents: moneyToCents(request.totalCompletedAmountMoney),
  }));
}

/**
 * Square status → ours: PAID (and PARTIALLY_REFUNDED, still a paid invoice) → paid; CANCELED,
 * FAILED, REFUNDED → cancelled; UNPAID, SCHEDULED, PARTIALLY_PAID, PAYMENT_PENDING (and any status
 * Square adds later) → pending, or overdue once the next due date is past. DRAFT → not imported.
 */
export function mapInvoiceStatus(squareStatus: string | undefined, nextDueDate: string | null, today: string): InvoiceStatus | null {
  switch (squareStatus) {
    case "DRAFT":
      return null;
    case "PAID":
    case "PARTIALLY_REFUNDED":
      return "paid";
    case "CANCELED":
    case "FAILED":
    case "REFUNDED":
      return "cancelled";
    default:
      return nextDueDate !== null && nextDueDate < today ? "overdue" : "pending";
  }
}

/** Maps one invoice; null when it must not be imported (a draft, or no id). */
export function mapSquareInvoice(invoice: Square.Invoice, now = new Date()): MappedInvoice | null {
  const squareInvoiceId = clean(invoice.id, 255);
  if (!squareInvoiceId || invoice.status === "DRAFT") return null;
  const schedule = scheduleOf(invoice);
  const unpaid = schedule.filter((entry) => entry.totalCompletedAmountCents < entry.computedAmountCents);
  const dueDates = schedule.map((entry) => entry.dueDate).filter((d): d is string => d !== null);
  const finalDueDate = dueDates.length > 0 ? dueDates.reduce((a, b) => (b > a ? b : a)) : null;
  const nextDueDate = unpaid[0]?.dueDate ?? (unpaid.length > 0 ? finalDueDate : null);
  const today = dateInZone(now, invoice.timezone) ?? now.toISOString().slice(0, 10);

  const status = mapInvoiceStatus(invoice.status, nextDueDate, today);
  if (status === null) return null;
  const isOpen = isOpenInvoiceStatus(status);
  const remainingOfNext = unpaid[0] ? unpaid[0].computedAmountCents - unpaid[0].totalCompletedAmountCents : null;

  return {
    squareInvoiceId,
    invoiceNumber: clean(invoice.invoiceNumber, 191) ?? squareInvoiceId,
    amountCents: safeSum(schedule.map((entry) => entry.computedAmountCents)),
    status,
    // Square has no "issued" field: the scheduled send time, else creation.
    issuedDate: dateInZone(invoice.scheduledAt ?? invoice.createdAt, invoice.timezone),
    dueDate: finalDueDate,
    // Nor a paid time: a paid invoice's last update is its final payment.
    paidDate: status === "paid" ? dateInZone(invoice.updatedAt, invoice.timezone) : null,
    description: clean(invoice.description) ?? clean(invoice.title),
    squarePaymentUrl: paymentUrl(invoice.publicUrl),
    paymentSchedule: schedule,
    nextPaymentAmountCents: isOpen ? (optionalMoneyToCents(invoice.nextPaymentAmountMoney) ?? remainingOfNext) : null,
    nextPaymentDueDate: isOpen ? nextDueDate : null,
    totalPaidCents: safeSum(schedule.map((entry) => entry.totalCompletedAmountCents)),
    serviceDate: isoDate(invoice.saleOrServiceDate),
    acceptedPaymentMethods: {
      card: invoice.acceptedPaymentMethods?.card === true,
      bankAccount: invoice.acceptedPaymentMethods?.bankAccount === true,
      cashAppPay: invoice.acceptedPaymentMethods?.cashAppPay === true,
    },
    squareVersion:
      typeof invoice.version === "number" && Number.isSafeInteger(invoice.version) && invoice.version >= 0 ? invoice.version : null,
    squareUpdatedAt: instant(invoice.updatedAt),
  };
}

/** How a customer or an invoice's recipient is named: the company, else the person, else none. */
export function partyName(
  party: { companyName?: string | null; givenName?: string | null; familyName?: string | null } | undefined,
): string | null {
  const person = [clean(party?.givenName, 100), clean(party?.familyName, 100)].filter(Boolean).join(" ");
  return clean(party?.companyName, 200) ?? (person || null);
}

/** The invoice's Square customer, with the name and e-mail the invoice was addressed to. */
export function invoiceRecipient(invoice: Square.Invoice): { customerId: string | null; email: string | null; name: string | null } {
  const r = invoice.primaryRecipient;
  return {
    customerId: clean(r?.customerId, 255),
    email: clean(r?.emailAddress, 320)?.toLowerCase() ?? null,
    name: partyName(r),
  };
}
