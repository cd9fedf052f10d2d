import "server-only";
import { sql } from "drizzle-orm";
import type { InvoiceStatus } from "@/lib/domain/invoice-status";
import type { DbOrTx } from "@/server/core/db/client";
import type { AcceptedPaymentMethods, ScheduleEntry } from "./schema";

// The Square module's sync, webhook and invoice creation store Square's invoices here (its
// mapping decides the values, this module how they are written).
//
// Bulk upsert keyed by square_invoice_id: thousands of invoices in a few statements. Each chunk
// travels as ONE jsonb parameter unpacked by jsonb_to_recordset (17 bound parameters per row made
// PGlite spend most of a 10,000-invoice sync parsing placeholders). An unchanged row is not
// touched (no write, no new updated_at), so a repeated sync changes nothing; project_id is never
// in the update, so links to projects survive every re-sync.
//
// Two rules keep a client's data its own and in order:
// - client_id is only ever filled in, never changed: an invoice that has a client keeps it,
//   whatever the sync or a webhook says (coalesce(existing, new)).
// - an update older than the stored row (a lower Square version: a late or replayed webhook) is
//   not applied; an equal version may still update what we derive from the date (overdue).

/** A Square invoice as stored. clientId: the customer's linked client, or null while the customer is linked to none. */
export type SquareInvoiceRow = {
  squareInvoiceId: string;
  invoiceNumber: string;
  amountCents: number;
  status: InvoiceStatus;
  issuedDate: string | null;
  dueDate: string | null;
  paidDate: string | null;
  description: string | null;
  squarePaymentUrl: string | null;
  paymentSchedule: ScheduleEntry[];
  nextPaymentAmountCents: number | null;
  nextPaymentDueDate: string | null;
  totalPaidCents: number;
  serviceDate: string | null;
  acceptedPaymentMethods: AcceptedPaymentMethods;
  squareVersion: number | null;
  squareUpdatedAt: string | null;
  clientId: string | null;
  squareCustomerId: string | null;
};

const CHUNK = 2000;

// Column → its type in the record set. Every column the sync owns (not id, project_id, created_at).
const COLUMNS = {
  square_invoice_id: "text",
  invoice_number: "text",
  amount_cents: "bigint",
  status: "text",
  issued_date: "date",
  due_date: "date",
  paid_date: "date",
  description: "text",
  square_payment_url: "text",
  payment_schedule: "jsonb",
  next_payment_amount_cents: "bigint",
  next_payment_due_date: "date",
  total_paid_cents: "bigint",
  service_date: "date",
  accepted_payment_methods: "jsonb",
  square_customer_id: "text",
  square_version: "integer",
  square_updated_at: "timestamptz",
  client_id: "uuid",
} as const;

const names = Object.keys(COLUMNS);
const updated = names.filter((n) => n !== "square_invoice_id");
const list = (items: string[]) => items.map((n) => `"${n}"`).join(", ");
// Fixed SQL text (no user input): only the jsonb parameter varies.
const recordType = names.map((n) => `"${n}" ${COLUMNS[n as keyof typeof COLUMNS]}`).join(", ");
const newValue = (n: string) => (n === "client_id" ? `coalesce(invoices."client_id", excluded."client_id")` : `excluded."${n}"`);
const setClause = updated.map((n) => `"${n}" = ${newValue(n)}`).join(", ");
// A row-wise IS DISTINCT FROM treats NULLs as values, so "both null" counts as unchanged.
const changedClause = `(${updated.map((n) => `invoices."${n}"`).join(", ")}) is distinct from (${updated.map(newValue).join(", ")})`;
const inOrderClause = `coalesce(excluded."square_version", 0) >= coalesce(invoices."square_version", 0)`;

const toRecord = (row: SquareInvoiceRow) => ({
  square_invoice_id: row.squareInvoiceId,
  invoice_number: row.invoiceNumber,
  amount_cents: row.amountCents,
  status: row.status,
  issued_date: row.issuedDate,
  due_date: row.dueDate,
  paid_date: row.paidDate,
  description: row.description,
  square_payment_url: row.squarePaymentUrl,
  payment_schedule: row.paymentSchedule,
  next_payment_amount_cents: row.nextPaymentAmountCents,
  next_payment_due_date: row.nextPaymentDueDate,
  total_paid_cents: row.totalPaidCents,
  service_date: row.serviceDate,
  accepted_payment_methods: row.acceptedPaymentMethods,
  square_customer_id: row.squareCustomerId,
  square_version: row.squareVersion,
  square_updated_at: row.squareUpdatedAt,
  client_id: row.clientId,
});

/** An invoice this upsert turned paid (for the receipt mail). */
export type PaidTransition = {
  id: string;
  clientId: string;
  invoiceNumber: string;
  amountCents: number;
  totalPaidCents: number;
  dueDate: string | null;
  squarePaymentUrl: string | null;
};

export type SquareInvoiceUpsert = { created: number; updated: number; unchanged: number; paid: PaidTransition[] };

type UpsertReturn = {
  inserted: boolean;
  id: string;
  client_id: string | null;
  status: string;
  prior_status: string | null;
  invoice_number: string;
  amount_cents: string | number;
  total_paid_cents: string | number;
  due_date: string | null;
  square_payment_url: string | null;
};

export async function upsertSquareInvoices(db: DbOrTx, rows: SquareInvoiceRow[]): Promise<SquareInvoiceUpsert> {
  // One statement may not touch a row twice: keep the newest copy of a repeated id.
  const newest = new Map<string, SquareInvoiceRow>();
  for (const row of rows) {
    const kept = newest.get(row.squareInvoiceId);
    if (!kept || (row.squareVersion ?? 0) >= (kept.squareVersion ?? 0)) newest.set(row.squareInvoiceId, row);
  }
  const unique = [...newest.values()];
  let created = 0;
  let changed = 0;
  const paid: PaidTransition[] = [];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const records = JSON.stringify(unique.slice(i, i + CHUNK).map(toRecord));
    // "prior" reads the rows as they were before this statement (one snapshot for the whole
    // statement), so a status that turns paid here can be told apart. announced_at starts null on
    // insert: the Square module announces the invoice once it has a client.
    const result = (await db.execute(sql`
      with r as (select * from jsonb_to_recordset(${records}::jsonb) as r(${sql.raw(recordType)})),
      prior as (select square_invoice_id, status from invoices where square_invoice_id in (select square_invoice_id from r)),
      up as (
        insert into invoices (${sql.raw(list(names))}, "announced_at")
        select ${sql.raw(list(names))}, null::timestamptz from r
        on conflict (square_invoice_id) do update set ${sql.raw(setClause)}, "updated_at" = now()
        where ${sql.raw(inOrderClause)} and ${sql.raw(changedClause)}
        returning (xmax = 0) as inserted, id, square_invoice_id, client_id, status, invoice_number, amount_cents, total_paid_cents,
                  to_char(due_date, 'YYYY-MM-DD') as due_date, square_payment_url)
      select up.*, prior.status as prior_status from up left join prior using (square_invoice_id)`)) as unknown as { rows: UpsertReturn[] };
    // xmax is 0 on a freshly inserted row version: tells inserts from updates.
    for (const row of result.rows) {
      if (row.inserted) created += 1;
      else changed += 1;
      if (!row.inserted && row.client_id && row.status === "paid" && row.prior_status !== null && row.prior_status !== "paid") {
        paid.push({
          id: row.id,
          clientId: row.client_id,
          invoiceNumber: row.invoice_number,
          amountCents: Number(row.amount_cents),
          totalPaidCents: Number(row.total_paid_cents),
          dueDate: row.due_date,
          squarePaymentUrl: row.square_payment_url,
        });
      }
    }
  }
  return { created, updated: changed, unchanged: unique.length - created - changed, paid };
}
