import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { CHART_MONTHS } from "@/lib/chart-months";
import { todayIso } from "@/lib/format";
import { type AdminActor, assertAdmin, assertBillingVisible, assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { invoices } from "./schema";
import { clientSubscriptions, subscriptionTiers } from "@/features/subscriptions/server/schema";
import { invoiceIsBilled, invoiceOutstandingCents, invoicePaidCents } from "./invoice-money-sql";

// The revenue charts (docs/PRODUCT.md#revenue-charts): each is ONE statement, twelve months from
// generate_series left-joined to each month's rows or sums, so a month without data is a zero and
// every sum is integer cents computed in the database.

/** One month of a chart: "2026-11" and its integer-cent figures. */
export type MonthPoint<K extends string> = { month: string } & Record<K, number>;

/** The last twelve months up to the month of `today` (yyyy-mm-dd), as [start, end) dates. */
const months = (today: string) => sql`
  select m::date as month_start, (m + interval '1 month')::date as month_end
    from generate_series(date_trunc('month', ${today}::timestamp) - interval '${sql.raw(String(CHART_MONTHS - 1))} months',
                         date_trunc('month', ${today}::timestamp), interval '1 month') as m`;

/** The month an invoice is billed in: its issue date, or its due date when Square gave none. */
const billedOn = sql`coalesce(${invoices.issuedDate}, ${invoices.dueDate})`;
const inMonth = (date: SQL) => sql`(${date} >= months.month_start and ${date} < months.month_end)`;

/** The query's rows as points: bigint sums arrive as text from node-postgres, and Number() of an integer string is exact below 2^53. */
function toPoints<K extends string>(result: unknown, keys: readonly K[]): MonthPoint<K>[] {
  const { rows } = result as { rows: Record<string, unknown>[] };
  return rows.map((row) => ({ month: String(row.month), ...Object.fromEntries(keys.map((k) => [k, Number(row[k])])) }) as MonthPoint<K>);
}

/**
 * One point a month of the range: `sums` (one column named after each of `keys`) over the rows
 * `join` attaches to each month (`join` follows LEFT JOIN, with its ON).
 */
async function monthRows<K extends string>(
  db: DbOrTx,
  today: string,
  { sums, join }: { sums: SQL; join: SQL },
  keys: readonly K[],
): Promise<MonthPoint<K>[]> {
  const query = sql`with months as (${months(today)})
        select to_char(months.month_start, 'YYYY-MM') as month, ${sums}
          from months
          left join ${join}
         group by months.month_start
         order by months.month_start`;
  return toPoints(await db.execute(query), keys);
}

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
  const query = sql`with months as (${months(today)}),
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
  return toPoints(await db.execute(query), ["invoiced", "collected"] as const);
}

/**
 * Monthly recurring revenue at the end of each month, rebuilt from what is stored: a subscription
 * counts from the month it was created at its tier's monthly price; one that is no longer active
 * stops counting at its last change. The current month equals the MRR card of Subscriptions.
 */
export async function getMrrByMonth(db: DbOrTx, { actor, today = todayIso() }: { actor: AdminActor; today?: string }) {
  assertAdmin(actor);
  return monthRows(
    db,
    today,
    {
      sums: sql`coalesce(sum(${subscriptionTiers.monthlyPriceCents}), 0)::bigint as mrr`,
      join: sql`(${clientSubscriptions} inner join ${subscriptionTiers} on ${subscriptionTiers.id} = ${clientSubscriptions.tierId})
                on ${clientSubscriptions.activatedAt} < months.month_end
               and (${clientSubscriptions.status} = 'active' or ${clientSubscriptions.updatedAt} >= months.month_end)`,
    },
    ["mrr"] as const,
  );
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
