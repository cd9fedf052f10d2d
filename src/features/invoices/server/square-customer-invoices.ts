import "server-only";
import { and, eq, isNull, sql, type SQLWrapper } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { invoices } from "./schema";

// What the Square module's customer screens ask of a Square customer's invoices, keyed by the
// customer id column of the caller's statement: a lateral subquery or a sub-select, never a second read.

const unowned = (squareCustomerId: SQLWrapper) => and(isNull(invoices.clientId), eq(invoices.squareCustomerId, squareCustomerId));

/**
 * The customer's invoices that wait for a client (linked to none): how many, their sum and the
 * numbers of the five latest due, as a subquery the caller joins laterally (its figures come as
 * text from some drivers: the caller maps them to numbers).
 */
export const unownedInvoiceFigures = (db: DbOrTx, squareCustomerId: SQLWrapper) =>
  db
    .select({
      invoiceCount: sql<number>`count(${invoices.id})`.as("invoice_count"),
      totalCents: sql<number>`coalesce(sum(${invoices.amountCents}), 0)`.as("total_cents"),
      invoiceNumbers: sql<string[] | null>`(array_agg(${invoices.invoiceNumber} order by ${invoices.dueDate} desc nulls last))[1:5]`.as(
        "invoice_numbers",
      ),
    })
    .from(invoices)
    .where(unowned(squareCustomerId))
    .as("unowned_invoices");

/** How many of the customer's invoices wait for a client, as a sub-select. */
export const unownedInvoiceCountSql = (squareCustomerId: SQLWrapper) =>
  sql<number>`${sql`(select count(*) from ${invoices} where ${unowned(squareCustomerId)})`}`.mapWith(Number);

/** How many of the customer's invoices are the client's, as a sub-select. */
export const customerInvoiceCountSql = (squareCustomerId: SQLWrapper, clientId: string) =>
  sql<number>`${sql`(select count(*) from ${invoices} where ${invoices.squareCustomerId} = ${squareCustomerId} and ${invoices.clientId} = ${clientId})`}`.mapWith(
    Number,
  );
