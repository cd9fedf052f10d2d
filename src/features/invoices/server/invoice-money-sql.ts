import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { OPEN_INVOICE_STATUSES } from "@/lib/domain/invoice-status";
import { invoices } from "./schema";
import { oneOf } from "@/server/core/db/schema/one-of";

// Money rules for invoices, written once as SQL for the portal and the admin area, so every sum
// happens in the database and both sides agree on what is paid and owed.

/**
 * What has been paid on one invoice, in cents: the whole amount once it is marked paid (a paid
 * invoice synced without payment details still counts as paid), otherwise the partial payments
 * recorded in total_paid_cents; never more than the amount, so an over-payment cannot make
 * "outstanding" negative.
 */
export const invoicePaidCents = sql`least(case when ${invoices.status} = 'paid' then ${invoices.amountCents} else ${invoices.totalPaidCents} end, ${invoices.amountCents})`;

/** Invoices the client still owes money on (outstanding counts pending and overdue). */
export const invoiceIsOpen = oneOf(invoices.status, OPEN_INVOICE_STATUSES);

/**
 * What is still owed on one invoice, in cents: amount − paid for pending and overdue invoices,
 * 0 otherwise. The client balance (portal banner, admin clients list) and Outstanding Revenue are
 * sums of this.
 */
export const invoiceOutstandingCents = sql<number>`case when ${invoiceIsOpen} then ${invoices.amountCents} - ${invoicePaidCents} else 0 end`;

/** Cancelled invoices are neither billed nor owed (docs/PRODUCT.md#rules-invoices-and-balances). */
export const invoiceIsBilled = sql`${invoices.status} <> 'cancelled'`;

/** An integer-cents aggregate: bigint in SQL, a JS number out (node-postgres returns int8 as text). */
export const centsSum = (expression: SQL, filter: SQL) =>
  sql<number>`coalesce(sum(${expression}) filter (where ${filter}), 0)::bigint`.mapWith(Number);

export const countWhere = (filter: SQL) => sql<number>`(count(*) filter (where ${filter}))::int`.mapWith(Number);

/** What every client still owes (Outstanding Revenue), as a sub-select: invoices waiting for a client are not counted until assigned. */
export const outstandingRevenueSql =
  sql<number>`(select coalesce(sum(${invoiceOutstandingCents}), 0) from ${invoices} where ${invoiceIsOpen} and ${invoices.clientId} is not null)`.mapWith(
    Number,
  );
