import "server-only";
import { and, eq, gte, ilike, isNotNull, lte, or, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import type { InvoiceFilterStatus } from "@/lib/domain/invoice-status";
import { containsPattern } from "@/server/core/db/admin-sql";
import type { DbOrTx } from "@/server/core/db/client";
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

/**
 * The admin export's condition: the screen's filters, and `search` matching the invoice's client
 * (`clientMatch`, given the invoice's client id column: the clients list's search) or its number.
 */
export function adminInvoiceSearchWhere(
  filter: AdminInvoiceFilter,
  search: string,
  clientMatch: (clientId: SQLWrapper, search: string) => SQL,
): SQL | undefined {
  return and(
    adminInvoiceWhere(filter),
    search ? or(clientMatch(invoices.clientId, search), ilike(invoices.invoiceNumber, containsPattern(search))) : undefined,
  );
}

/** The companies whose invoices a condition on the invoices row chooses (invoices waiting for a client left out). */
export const invoiceCompaniesWhere = (db: DbOrTx, where: SQL | undefined) =>
  db
    .selectDistinct({ clientId: sql<string>`${invoices.clientId}` })
    .from(invoices)
    .where(and(where, isNotNull(invoices.clientId)));
