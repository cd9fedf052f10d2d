// A retainer's period arithmetic (docs/PRODUCT.md#retainer-hours), pure so the server, the portal
// and the unit tests share it: months are "YYYY-MM-01", time is minutes.

export type RetainerTerms = {
  monthlyMinutes: number;
  /** Unused minutes kept in all (0: nothing carries over). */
  carryOverMaxMinutes: number;
  /** How many following months a month's unused minutes stay usable (0: none). */
  carryOverMonths: number;
  /** The retainer's first month. */
  startMonth: string;
};

export type RetainerMonthFigures = {
  month: string;
  baseMinutes: number;
  carriedInMinutes: number;
  budgetMinutes: number;
  /** Billable time within the budget (approved overage is counted apart). */
  usedMinutes: number;
  remainingMinutes: number;
  /** Of the minutes carried in, those usable in no later month when left unused now. */
  expiringMinutes: number;
};

/** "2026-11-26" → "2026-11-01". */
export const monthOf = (isoDate: string): string => `${isoDate.slice(0, 7)}-01`;

/** The month `count` months after (or before) `month`. */
export function addMonths(month: string, count: number): string {
  const year = Number(month.slice(0, 4));
  const index = year * 12 + Number(month.slice(5, 7)) - 1 + count;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

/** Whole months from `from` to `to` (negative when `to` is earlier). */
export function monthsBetween(from: string, to: string): number {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return index(to) - index(from);
}

export const daysInMonth = (month: string): number =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();

type Lot = { minutes: number; lastMonth: string };

/**
 * Every month from the retainer's start through `through`, with the budget each had: its own hours
 * plus what carried in. Used time takes carried minutes first, the oldest first, then the month's
 * own; what is left of the month's own (up to the cap) stays usable for the next
 * `carryOverMonths` months; all that is carried never exceeds `carryOverMaxMinutes`, the oldest
 * dropped first.
 */
export function retainerMonths(terms: RetainerTerms, usedByMonth: ReadonlyMap<string, number>, through: string): RetainerMonthFigures[] {
  const carries = terms.carryOverMaxMinutes > 0 && terms.carryOverMonths > 0;
  const figures: RetainerMonthFigures[] = [];
  let lots: Lot[] = [];
  for (let month = terms.startMonth; month <= through; month = addMonths(month, 1)) {
    lots = lots.filter((lot) => lot.lastMonth >= month);
    const carriedInMinutes = lots.reduce((sum, lot) => sum + lot.minutes, 0);
    const baseMinutes = terms.monthlyMinutes;
    const budgetMinutes = baseMinutes + carriedInMinutes;
    const usedMinutes = usedByMonth.get(month) ?? 0;
    let toConsume = usedMinutes;
    for (const lot of lots) {
      const taken = Math.min(lot.minutes, toConsume);
      lot.minutes -= taken;
      toConsume -= taken;
    }
    lots = lots.filter((lot) => lot.minutes > 0);
    const expiringMinutes = lots.filter((lot) => lot.lastMonth === month).reduce((sum, lot) => sum + lot.minutes, 0);
    const baseLeft = Math.max(0, baseMinutes - toConsume);
    if (carries && baseLeft > 0) lots.push({ minutes: baseLeft, lastMonth: addMonths(month, terms.carryOverMonths) });
    // Keep at most the cap in all, the newest minutes first.
    let room = terms.carryOverMaxMinutes;
    for (let i = lots.length - 1; i >= 0; i -= 1) {
      const lot = lots[i]!;
      lot.minutes = Math.min(lot.minutes, room);
      room -= lot.minutes;
    }
    lots = lots.filter((lot) => lot.minutes > 0);
    figures.push({
      month,
      baseMinutes,
      carriedInMinutes,
      budgetMinutes,
      usedMinutes,
      remainingMinutes: Math.max(0, budgetMinutes - usedMinutes),
      expiringMinutes,
    });
  }
  return figures;
}

/**
 * The month's projected use at its end, linear on the days elapsed (today counted): a past month's
 * projection is its use, a future month's nothing.
 */
export function projectedMinutes(month: string, usedMinutes: number, today: string): number {
  const current = monthOf(today);
  if (month < current) return usedMinutes;
  if (month > current) return 0;
  const elapsed = Number(today.slice(8, 10));
  return Math.round((usedMinutes * daysInMonth(month)) / elapsed);
}

/** Thresholds (percent) a month's use reaches, e.g. [80] at 34 of 40 hours. */
export function reachedThresholds(thresholds: readonly number[], usedMinutes: number, budgetMinutes: number): number[] {
  return thresholds.filter((percent) => usedMinutes * 100 >= percent * budgetMinutes);
}

/** Minutes as people read them: 90 → "1.5 h", 2400 → "40 h". */
export const formatHours = (minutes: number): string => `${Number((minutes / 60).toFixed(2))} h`;
