import "server-only";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { invoiceOutstandingCents } from "./invoice-money-sql";
import { invoices } from "./schema";

// What the admin clients list and its export show of each client's invoices, as SQL on the client id
// the clients module's statement holds (it is handed over as that module's `totals`), so the list
// stays one statement and the clients module reads no invoices. Wrapped in an outer sql`` so drizzle
// qualifies every column of the sub-selects, whatever the caller's select.
const wrapped = (inner: SQL) => sql<number>`${inner}`;

/** A client's balance (what remains to pay of its open invoices) and its number of invoices. */
export const clientInvoiceTotalsSql = (clientId: SQLWrapper) => ({
  balanceCents: wrapped(
    sql`(select coalesce(sum(${invoiceOutstandingCents}), 0) from ${invoices} where ${invoices.clientId} = ${clientId})`,
  ),
  invoiceCount: wrapped(sql`(select count(*) from ${invoices} where ${invoices.clientId} = ${clientId})`),
});
