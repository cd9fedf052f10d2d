import "server-only";
import { and, eq, gte, ilike, lte, type SQL, sql } from "drizzle-orm";
import type { InvoiceFilterStatus } from "@/lib/domain/invoice-status";
import { containsPattern } from "@/server/core/db/admin-sql";
import { invoices } from "./schema";
import { invoiceIsOpen, invoicePaidCents } from "./invoice-money-sql";

/** The admin Invoices screen's filters, shared by its CSV export (docs/PRODUCT.md#admin-invoices). */
export type AdminInvoiceFilter = {
  client?: string;
  status?: InvoiceFilterStatus | "all";
  dates?: "issued" | "due";
  from?: string;
  to?: string;
  number?: string;
};

const STATUS_CONDITIONS: Record<InvoiceFilterStatus, SQL> = {
  paid: eq(invoices.status, "paid"),
  pending: eq(invoices.status, "pending"),
  overdue: eq(invoices.status, "overdue"),
  cancelled: eq(invoices.status, "cancelled"),
  unpaid: sql`${invoiceIsOpen} and ${invoicePaidCents} = 0`,
  partially_paid: sql`${invoiceIsOpen} and ${invoicePaidCents} > 0`,
};

/**
 * The filter as one condition on the invoices row alone (no join to agree with): every reader,
 * the list's page, its totals and the export, adds the joins its own columns need.
 */
export function adminInvoiceWhere({ client, status = "all", dates = "issued", from, to, number }: AdminInvoiceFilter): SQL | undefined {
  const date = dates === "due" ? invoices.dueDate : invoices.issuedDate;
  const search = number?.trim();
  return and(
    client ? eq(invoices.clientId, client) : undefined,
    status === "all" ? undefined : STATUS_CONDITIONS[status],
    from ? gte(date, from) : undefined,
    to ? lte(date, to) : undefined,
    search ? ilike(invoices.invoiceNumber, containsPattern(search)) : undefined,
  );
}
