import "server-only";
import { sql, type SQLWrapper } from "drizzle-orm";
import { invoiceIsBilled, invoicePaidCents } from "./invoice-money-sql";
import { invoices } from "./schema";

// A project's invoice figures, as scalar sub-selects on the project id column the caller's statement
// holds, so a list of projects with its figures stays one statement. Cancelled invoices count for
// nothing (docs/PRODUCT.md#rules-project-figures).

const cents = (expression: SQLWrapper) => sql<number>`(${expression})::bigint`.mapWith(Number);

/** The number of a project's billed invoices, what they bill and what was paid on them, in cents. */
export function projectInvoiceFiguresSql(projectId: SQLWrapper) {
  const projectInvoices = sql`${invoices} where ${invoices.projectId} = ${projectId} and ${invoiceIsBilled}`;
  return {
    invoiceCount: sql<number>`(select count(*) from ${projectInvoices})`.mapWith(Number),
    billedCents: cents(sql`(select coalesce(sum(${invoices.amountCents}), 0) from ${projectInvoices})`),
    paidCents: cents(sql`(select coalesce(sum(${invoicePaidCents}), 0) from ${projectInvoices})`),
  };
}
