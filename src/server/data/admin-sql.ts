import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { invoices } from "../db/schema";

/**
 * `%text%` for ILIKE with the user's wildcards escaped: searching "50%" or "a_b" matches those
 * characters literally. Backslash is PostgreSQL's default LIKE escape character.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * What is still owed on one invoice row, in cents. A paid invoice owes nothing; a pending or
 * overdue one owes its amount minus what was already paid (deposits, installments). The client
 * balance (admin clients list, portal banner) and Outstanding Revenue use this same rule:
 * balance = Σ over pending + overdue invoices of (amount − paid), where paid = amount when the
 * status is paid, else total_paid_cents. Cancelled invoices owe nothing.
 */
export const outstandingCentsSql: SQL<number> = sql<number>`case when ${invoices.status} in ('pending', 'overdue')
  then greatest(${invoices.amountCents} - least(${invoices.totalPaidCents}, ${invoices.amountCents}), 0) else 0 end`;

/** Paid part of one invoice: all of it when paid, else what the provider reports as paid so far. */
export const paidCentsSql: SQL<number> = sql<number>`case when ${invoices.status} = 'paid'
  then ${invoices.amountCents} else least(${invoices.totalPaidCents}, ${invoices.amountCents}) end`;
