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
