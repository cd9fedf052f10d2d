import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { todayIso } from "@/lib/format";
import { type AdminActor, assertAdmin, assertBillingVisible, assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { chartMonths, monthRows, type MonthPoint, toMonthPoints } from "@/server/core/db/month-chart";
import { invoices } from "./schema";
import { invoiceIsBilled, invoiceOutstandingCents, invoicePaidCents } from "./invoice-money-sql";

// The revenue charts (docs/PRODUCT.md#revenue-charts): each is ONE statement, twelve months from
// generate_series (src/server/core/db/month-chart.ts) left-joined to each month's rows or sums, so a
// month without data is a zero and every sum is integer cents computed in the database. The MRR
// chart is the subscriptions module's (getMrrByMonth).

export type { MonthPoint };

/** The month an invoice is billed in: its issue date, or its due date when Square gave none. */
const billedOn = sql`coalesce(${invoices.issuedDate}, ${invoices.dueDate})`;
const inMonth = (date: SQL) => sql`(${date} >= months.month_start and ${date} < months.month_end)`;

/** The first day of the month `date` falls in: equal to a month_start of `months` exactly when the date is in that month. */
const monthOf = (date: SQL) => sql`date_trunc('month', (${date})::timestamp)::date`;

/**
 * Invoiced vs collected per month, over invoices that belong to a client and are not cancelled:
 * invoiced is the amount, in the month the invoice was billed; collected is what has been paid
 * on it (invoicePaidCents), in the month it was paid (its paid date; the billed month when a
 * part payment carries no date). Each invoice is summed once into its billed month and once into
 * its paid month, then the sums meet the months by equality: a join of every month to every
 * invoice of the range cost a dashboard 70 ms with 10,000 invoices.
 */
export async function getInvoicedVsCollected(db: DbOrTx, { actor, today = todayIso() }: { actor: AdminActor; today?: string }) {
  assertAdmin(actor);
  const paidOn = sql`coalesce(${invoices.paidDate}, ${billedOn})`;
  const inRange = (date: SQL) => sql`${date} >= (select min(month_start) from months) and ${date} < (select max(month_end) from months)`;
  const billedInvoices = sql`${invoices.clientId} is not null and ${invoiceIsBilled}`;
  const query = sql`with months as (${chartMonths(today)}),
        billed as (select ${monthOf(billedOn)} as month_start, sum(${invoices.amountCents}) as cents
                     from ${invoices} where ${billedInvoices} and ${inRange(billedOn)} group by 1),
        paid as (select ${monthOf(paidOn)} as month_start, sum(${invoicePaidCents}) as cents
                   from ${invoices} where ${billedInvoices} and ${inRange(paidOn)} group by 1)
        select to_char(months.month_start, 'YYYY-MM') as month,
               coalesce(billed.cents, 0)::bigint as invoiced, coalesce(paid.cents, 0)::bigint as collected
          from months
          left join billed on billed.month_start = months.month_start
          left join paid on paid.month_start = months.month_start
         order by months.month_start`;
  return toMonthPoints(await db.execute(query), ["invoiced", "collected"] as const);
}

/**
 * The signed-in client's paid vs outstanding per month billed (docs/PRODUCT.md#portal-billing):
 * of the invoices billed that month (cancelled ones aside), what has been paid and what is still
 * owed. The client comes from the session only.
 */
export async function getPaidVsOutstanding(db: DbOrTx, { actor, today = todayIso() }: { actor: ClientActor; today?: string }) {
  assertClient(actor);
  assertBillingVisible(actor);
  return monthRows(
    db,
    today,
    {
      sums: sql`coalesce(sum(${invoicePaidCents}), 0)::bigint as paid, coalesce(sum(${invoiceOutstandingCents}), 0)::bigint as outstanding`,
      join: sql`${invoices} on ${invoices.clientId} = ${actor.clientId} and ${invoiceIsBilled} and ${inMonth(billedOn)}`,
    },
    ["paid", "outstanding"] as const,
  );
}
