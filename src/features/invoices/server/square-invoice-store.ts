import "server-only";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { invoices } from "./schema";
import { customerInvoiceCountSql, unownedInvoiceCountSql, unownedInvoiceFigures } from "./square-customer-invoices";
import { findInvoiceBySquareId } from "./invoice-refs";
import { upsertSquareInvoices } from "./square-invoice-upsert";

// What the Square module reads and writes of invoices, as one door name: its sync and webhook write
// thousands of rows in a few statements, so each write here is one statement per chunk, and each
// read a fragment its own statement embeds (keyed by its customer column), never a second query.

/** An order line as Square's order gives it (the order is the Square module's to read). */
export type SquareOrderLine = { name: string; quantity: string; unitPriceCents: number; totalCents: number; note: string | null };

const CHUNK = 2000;

/**
 * Replaces the stored lines of these invoices where they differ from the order's (an unchanged
 * invoice is not written, so a repeated sync changes nothing). An invoice not stored (a draft, no
 * customer) is skipped. Two statements a chunk: the delete of what changed, then its insert.
 */
async function replaceLines(db: DbOrTx, items: { squareInvoiceId: string; lines: SquareOrderLine[] }[]): Promise<number> {
  let replaced = 0;
  for (let i = 0; i < items.length; i += CHUNK) {
    const records = JSON.stringify(
      items.slice(i, i + CHUNK).map((item) => ({ square_invoice_id: item.squareInvoiceId, lines: item.lines })),
    );
    const changed = (await db.execute(sql`
      with r as (select * from jsonb_to_recordset(${records}::jsonb) as r(square_invoice_id text, lines jsonb)),
      t as (select i.id, r.lines from r join invoices i on i.square_invoice_id = r.square_invoice_id),
      c as (
        select t.id, t.lines from t
         where t.lines is distinct from (
           select coalesce(jsonb_agg(jsonb_build_object('name', l.name, 'quantity', l.quantity, 'unitPriceCents', l.unit_price_cents,
                                                        'totalCents', l.total_cents, 'note', l.note) order by l.position), '[]'::jsonb)
             from invoice_line_items l where l.invoice_id = t.id)),
      d as (delete from invoice_line_items where invoice_id in (select id from c))
      select c.id, c.lines from c`)) as unknown as { rows: { id: string; lines: SquareOrderLine[] | string }[] };
    const rows = changed.rows.flatMap((row) => {
      const lines = typeof row.lines === "string" ? (JSON.parse(row.lines) as SquareOrderLine[]) : row.lines;
      return lines.map((line, position) => ({ invoice_id: row.id, position, ...line }));
    });
    replaced += changed.rows.length;
    if (rows.length === 0) continue;
    await db.execute(sql`
      insert into invoice_line_items (invoice_id, position, name, quantity, unit_price_cents, total_cents, note)
      select invoice_id, position, name, quantity, "unitPriceCents", "totalCents", note
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(invoice_id uuid, position int, name text, quantity text, "unitPriceCents" bigint, "totalCents" bigint, note text)`);
  }
  return replaced;
}

/**
 * Which Square invoices show "line items not available" (docs/PRODUCT.md#invoice-page): after a
 * sync that could not read orders, those with no stored lines; after one that read them, none. One
 * statement either way, whatever the number of invoices.
 */
async function markUnreadLines(db: DbOrTx, ordersUnread: boolean): Promise<void> {
  await db.execute(
    ordersUnread
      ? sql`update invoices set line_items_unread = true
             where square_invoice_id is not null and not line_items_unread
               and not exists (select 1 from invoice_line_items l where l.invoice_id = invoices.id)`
      : sql`update invoices set line_items_unread = false where line_items_unread`,
  );
}

type Announced = {
  id: string;
  client_id: string;
  status: string;
  invoice_number: string;
  amount_cents: string | number;
  due_date: string | null;
  square_payment_url: string | null;
};

/**
 * Marks announced every invoice that has a client and was never announced, and returns them: the
 * caller mails them in the same transaction, so nothing is announced twice.
 */
async function markAnnounced(tx: DbOrTx) {
  const result = (await tx.execute(sql`
    update invoices set announced_at = now()
     where announced_at is null and client_id is not null
    returning id, client_id, status, invoice_number, amount_cents, to_char(due_date, 'YYYY-MM-DD') as due_date, square_payment_url`)) as unknown as {
    rows: Announced[];
  };
  return result.rows.map((row) => ({
    id: row.id,
    clientId: row.client_id,
    status: row.status,
    invoiceNumber: row.invoice_number,
    amountCents: Number(row.amount_cents),
    dueDate: row.due_date,
    squarePaymentUrl: row.square_payment_url,
  }));
}

/**
 * Invoices with no client get the client of their Square customer; `linked` is the caller's
 * subquery of (square_customer_id, client_id), client_id never null. Invoices that have a client
 * keep it. How many moved.
 */
async function assignToLinkedClients(db: DbOrTx, linked: SQL): Promise<number> {
  const result = (await db.execute(sql`
    update invoices i set client_id = sc.client_id, updated_at = now()
      from ${linked} sc
     where i.client_id is null and i.square_customer_id = sc.square_customer_id
    returning i.id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/** How many of these Square invoices have no client (their customer is linked to none, or ignored). */
async function countUnowned(db: DbOrTx, squareInvoiceIds: string[]): Promise<number> {
  if (squareInvoiceIds.length === 0) return 0;
  const result = (await db.execute(sql`
    select count(*)::int as n from invoices
     where client_id is null and square_invoice_id in (select jsonb_array_elements_text(${JSON.stringify(squareInvoiceIds)}::jsonb))`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n ?? 0;
}

/** The distinct clients the customer's invoices already belong to (text ids), null when none, as a sub-select. */
const customerClientIdsSql = (squareCustomerId: SQLWrapper) =>
  sql<string[] | null>`${sql`(select array_agg(distinct ${invoices.clientId}::text) from ${invoices}
     where ${invoices.squareCustomerId} = ${squareCustomerId} and ${invoices.clientId} is not null)`}`;

export const squareInvoices = {
  upsert: upsertSquareInvoices,
  replaceLines,
  markUnreadLines,
  markAnnounced,
  assignToLinkedClients,
  countUnowned,
  findBySquareId: findInvoiceBySquareId,
  customerClientIdsSql,
  unownedFigures: unownedInvoiceFigures,
  unownedCountSql: unownedInvoiceCountSql,
  customerCountSql: customerInvoiceCountSql,
};
