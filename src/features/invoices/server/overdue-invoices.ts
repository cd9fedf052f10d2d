import "server-only";
import { type SQL, sql } from "drizzle-orm";

/**
 * The invoices a client is reminded of on `today` (YYYY-MM-DD), as a derived table the reminder
 * round joins its outbox counts to (notifications): announced invoices of a client, overdue, or
 * pending past their due date. Columns: id, client_id, invoice_number, amount_cents, due_date
 * (YYYY-MM-DD), square_payment_url.
 */
export const overdueInvoicesSql = (today: string): SQL => sql`(
  select i.id, i.client_id, i.invoice_number, i.amount_cents, to_char(i.due_date, 'YYYY-MM-DD') as due_date, i.square_payment_url
    from invoices i
   where i.client_id is not null and i.announced_at is not null
     and (i.status = 'overdue' or (i.status = 'pending' and i.due_date < ${today}::date)))`;
