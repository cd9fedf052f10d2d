import "server-only";
import { monthOf, projectedMinutes, retainerMonths as periodMonths, type RetainerMonthFigures } from "@/lib/retainer-period";

export type RetainerTermsRow = {
  monthlyMinutes: number;
  carryOverMaxMinutes: number;
  carryOverMonths: number;
  startDate: string;
};

export type MonthTotals = {
  month: string;
  billableMinutes: number;
  nonBillableMinutes: number;
  overageMinutes: number;
  closed: boolean;
  invoiceId: string | null;
};

/** A month as the burn-down and the history show it. */
export type RetainerMonth = RetainerMonthFigures & {
  nonBillableMinutes: number;
  overageMinutes: number;
  projectedMinutes: number;
  closed: boolean;
  invoiceId: string | null;
};

export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * Every month from the retainer's start through the later of `through` and the last month with
 * time, newest first, from the stored monthly totals (docs/PRODUCT.md#retainer-hours).
 */
export function monthsOf(terms: RetainerTermsRow, totals: MonthTotals[], through: string, today = todayUtc()): RetainerMonth[] {
  const byMonth = new Map(totals.map((row) => [row.month, row]));
  const last = totals.reduce((max, row) => (row.month > max ? row.month : max), through);
  const figures = periodMonths(
    { ...terms, startMonth: monthOf(terms.startDate) },
    new Map(totals.map((row) => [row.month, row.billableMinutes])),
    last,
  );
  return figures
    .map((figure) => {
      const row = byMonth.get(figure.month);
      return {
        ...figure,
        nonBillableMinutes: row?.nonBillableMinutes ?? 0,
        overageMinutes: row?.overageMinutes ?? 0,
        projectedMinutes: projectedMinutes(figure.month, figure.usedMinutes, today),
        closed: row?.closed ?? false,
        invoiceId: row?.invoiceId ?? null,
      };
    })
    .reverse();
}

/**
 * One month's budget and use (`month` itself, from the retainer's start), without the rest of the
 * history: what a list of every retainer needs. Undefined before the retainer starts.
 */
export function monthFigures(
  terms: RetainerTermsRow,
  billableByMonth: ReadonlyMap<string, number>,
  month: string,
): RetainerMonthFigures | undefined {
  const figures = periodMonths({ ...terms, startMonth: monthOf(terms.startDate) }, billableByMonth, month);
  const last = figures.at(-1);
  return last?.month === month ? last : undefined;
}
