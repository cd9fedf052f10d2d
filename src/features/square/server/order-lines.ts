import "server-only";
import { sql } from "drizzle-orm";
import type { Square } from "square";
import type { DbOrTx } from "@/server/core/db/client";
import { moneyToCents } from "./money";

// The lines of the Square order behind an invoice (docs/PRODUCT.md#invoice-page): read by the sync
// with BatchRetrieveOrders and stored in invoice_line_items, replaced as a whole when they differ.

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

const CHUNK = 2000;

/**
 * Replaces the stored lines of these invoices where they differ from the order's (an unchanged
 * invoice is not written, so a repeated sync changes nothing). An invoice not stored (a draft, no
 * customer) is skipped. Two statements a chunk: the delete of what changed, then its insert.
 */
export async function replaceInvoiceLines(db: DbOrTx, items: InvoiceLines[]): Promise<number> {
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
      select c.id, c.lines from c`)) as unknown as { rows: { id: string; lines: OrderLine[] | string }[] };
    const rows = changed.rows.flatMap((row) => {
      const lines = typeof row.lines === "string" ? (JSON.parse(row.lines) as OrderLine[]) : row.lines;
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
export async function markUnreadLines(db: DbOrTx, ordersUnread: boolean): Promise<void> {
  await db.execute(
    ordersUnread
      ? sql`update invoices set line_items_unread = true
             where square_invoice_id is not null and not line_items_unread
               and not exists (select 1 from invoice_line_items l where l.invoice_id = invoices.id)`
      : sql`update invoices set line_items_unread = false where line_items_unread`,
  );
}
