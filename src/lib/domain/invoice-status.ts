import { badgeList } from "./badge-list";

/** An invoice's status: the database CHECK, the Square mapping, labels and colours come from here. */
export const {
  values: INVOICE_STATUSES,
  labels: INVOICE_STATUS_LABELS,
  tones: INVOICE_STATUS_TONES,
} = badgeList({
  paid: "emerald",
  pending: "amber",
  overdue: "red",
  cancelled: "slate",
});
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Invoices the client still owes money on: outstanding sums count these and no others. */
export const OPEN_INVOICE_STATUSES = ["pending", "overdue"] as const satisfies readonly InvoiceStatus[];

export function isOpenInvoiceStatus(status: string): boolean {
  return (OPEN_INVOICE_STATUSES as readonly string[]).includes(status);
}

/**
 * What the admin Invoices screen filters on (docs/PRODUCT.md#admin-invoices): the stored statuses,
 * and two views of the open ones by what has been paid on them (unpaid: nothing yet; partially
 * paid: something, not all).
 */
export const INVOICE_FILTER_STATUSES = ["paid", "partially_paid", "unpaid", "pending", "overdue", "cancelled"] as const;
export type InvoiceFilterStatus = (typeof INVOICE_FILTER_STATUSES)[number];
export const INVOICE_FILTER_STATUS_LABELS: Record<InvoiceFilterStatus, string> = {
  paid: "Paid",
  partially_paid: "Partially paid",
  unpaid: "Unpaid",
  pending: "Pending (not overdue)",
  overdue: "Overdue",
  cancelled: "Cancelled",
};
