import "server-only";
import type { Square } from "square";
import { moneyToCents } from "./money";

// The lines of the Square order behind an invoice (docs/PRODUCT.md#invoice-page): read by the sync
// with BatchRetrieveOrders and stored by the invoices module (squareInvoices.replaceLines), replaced
// as a whole when they differ.

export type OrderLine = { name: string; quantity: string; unitPriceCents: number; totalCents: number; note: string | null };

/** Square's quantity is decimal text; anything else (never sent by Square) counts as one. */
const QUANTITY = /^\d{1,9}(\.\d{1,5})?$/;

function text(value: string | null | undefined, max: number): string | null {
  if (value === null || value === undefined) return null;
  const cleaned = value.replaceAll("\u0000", "").trim().slice(0, max).toWellFormed();
  return cleaned === "" ? null : cleaned;
}

/** One order's lines in its own order; an unnamed line is named by its variation, else "Item". */
export function mapOrderLines(order: Square.Order): OrderLine[] {
  return (order.lineItems ?? []).map((line) => ({
    name: text(line.name, 500) ?? text(line.variationName, 500) ?? "Item",
    quantity: QUANTITY.test(line.quantity ?? "") ? line.quantity : "1",
    unitPriceCents: moneyToCents(line.basePriceMoney),
    totalCents: moneyToCents(line.totalMoney),
    note: text(line.note, 2000),
  }));
}

/** The lines of each invoice whose order was read, by Square invoice id. */
export type InvoiceLines = { squareInvoiceId: string; lines: OrderLine[] };
