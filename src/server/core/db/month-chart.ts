import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { CHART_MONTHS } from "@/lib/chart-months";
import type { DbOrTx } from "./client";

// The twelve months of a chart (docs/PRODUCT.md#revenue-charts), shared by the slices that draw
// one: each chart is ONE statement, the months from generate_series left-joined to each month's
// rows or sums, so a month without data is a zero and every sum is computed in the database.

/** One month of a chart: "2026-11" and its integer-cent figures. */
export type MonthPoint<K extends string> = { month: string } & Record<K, number>;

/** The last twelve months up to the month of `today` (yyyy-mm-dd), as [start, end) dates. */
export const chartMonths = (today: string) => sql`
  select m::date as month_start, (m + interval '1 month')::date as month_end
    from generate_series(date_trunc('month', ${today}::timestamp) - interval '${sql.raw(String(CHART_MONTHS - 1))} months',
                         date_trunc('month', ${today}::timestamp), interval '1 month') as m`;

/** The query's rows as points: bigint sums arrive as text from node-postgres, and Number() of an integer string is exact below 2^53. */
export function toMonthPoints<K extends string>(result: unknown, keys: readonly K[]): MonthPoint<K>[] {
  const { rows } = result as { rows: Record<string, unknown>[] };
  return rows.map((row) => ({ month: String(row.month), ...Object.fromEntries(keys.map((k) => [k, Number(row[k])])) }) as MonthPoint<K>);
}

/**
 * One point a month of the range: `sums` (one column named after each of `keys`) over the rows
 * `join` attaches to each month (`join` follows LEFT JOIN, with its ON; `months.month_start` and
 * `months.month_end` name the month).
 */
export async function monthRows<K extends string>(
  db: DbOrTx,
  today: string,
  { sums, join }: { sums: SQL; join: SQL },
  keys: readonly K[],
): Promise<MonthPoint<K>[]> {
  const query = sql`with months as (${chartMonths(today)})
        select to_char(months.month_start, 'YYYY-MM') as month, ${sums}
          from months
          left join ${join}
         group by months.month_start
         order by months.month_start`;
  return toMonthPoints(await db.execute(query), keys);
}
