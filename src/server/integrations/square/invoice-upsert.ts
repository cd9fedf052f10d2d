import "server-only";
import { type AnyColumn, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { invoices } from "../../db/schema";
import type { MappedInvoice } from "./invoice-mapping";

// Bulk upsert keyed by square_invoice_id: a few multi-row statements for thousands of invoices.
// An unchanged row is not touched (no write, no new updated_at), so a repeated sync changes
// nothing; project_id is never in the update, so links to projects survive every re-sync.

export type InvoiceUpsertRow = MappedInvoice & { clientId: string };

// 17 parameters per row: 1,000 rows stay well under PostgreSQL's 65,535-parameter limit.
const CHUNK = 1000;

const excluded = (column: AnyColumn) => sql.raw(`excluded."${column.name}"`);

// Every column the sync owns (not id, project_id, created_at).
const synced = {
  invoiceNumber: invoices.invoiceNumber,
  amountCents: invoices.amountCents,
  status: invoices.status,
  issuedDate: invoices.issuedDate,
  dueDate: invoices.dueDate,
  paidDate: invoices.paidDate,
  description: invoices.description,
  squarePaymentUrl: invoices.squarePaymentUrl,
  paymentSchedule: invoices.paymentSchedule,
  nextPaymentAmountCents: invoices.nextPaymentAmountCents,
  nextPaymentDueDate: invoices.nextPaymentDueDate,
  totalPaidCents: invoices.totalPaidCents,
  serviceDate: invoices.serviceDate,
  acceptedPaymentMethods: invoices.acceptedPaymentMethods,
  clientId: invoices.clientId,
} as const;

const columns = Object.values(synced);
const setExcluded = Object.fromEntries(Object.entries(synced).map(([key, column]) => [key, excluded(column)]));
// A row-wise IS DISTINCT FROM treats NULLs as values, so "both null" counts as unchanged.
const changed = sql`(${sql.join(
  columns.map((c) => sql`${invoices}.${sql.identifier(c.name)}`),
  sql`, `,
)}) is distinct from (${sql.join(columns.map(excluded), sql`, `)})`;

export type UpsertCounts = { created: number; updated: number; unchanged: number };

export async function upsertInvoices(db: DbOrTx, rows: InvoiceUpsertRow[]): Promise<UpsertCounts> {
  // One statement may not touch a row twice: keep the last copy of a repeated id.
  const unique = [...new Map(rows.map((row) => [row.squareInvoiceId, row])).values()];
  let created = 0;
  let updated = 0;
  for (let i = 0; i < unique.length; i += CHUNK) {
    const written = await db
      .insert(invoices)
      .values(unique.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: invoices.squareInvoiceId,
        set: { ...setExcluded, updatedAt: sql`now()` },
        setWhere: changed,
      })
      // xmax is 0 on a freshly inserted row version: tells inserts from updates.
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    for (const row of written) {
      if (row.inserted) created += 1;
      else updated += 1;
    }
  }
  return { created, updated, unchanged: unique.length - created - updated };
}
