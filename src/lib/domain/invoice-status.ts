import type { Tone } from "./tone";

/** An invoice's status: the database CHECK, the Square mapping, labels and colours come from here. */
export const INVOICE_STATUSES = ["paid", "pending", "overdue", "cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  paid: "Paid",
  pending: "Pending",
  overdue: "Overdue",
  cancelled: "Cancelled",
};

export const INVOICE_STATUS_TONES: Record<InvoiceStatus, Tone> = {
  paid: "emerald",
  pending: "amber",
  overdue: "red",
  cancelled: "slate",
};

/** Invoices the client still owes money on: outstanding sums count these and no others. */
export const OPEN_INVOICE_STATUSES = ["pending", "overdue"] as const satisfies readonly InvoiceStatus[];

export function isOpenInvoiceStatus(status: string): boolean {
  return (OPEN_INVOICE_STATUSES as readonly string[]).includes(status);
}
