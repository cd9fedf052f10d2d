import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { uuidSchema } from "@/lib/validation/common";

// Calendar quarters for the board summary (docs/PRODUCT.md#analytics): "2026-Q3" is July to
// September 2026, in UTC like every month of the analytics. A quarter that has not started has
// no figures yet and is refused; the current one is summarised to date.

export const QUARTER_FORMAT = "Choose a quarter such as 2026-Q3.";
export const QUARTER_NOT_STARTED = "That quarter has not started yet: choose the current quarter or an earlier one.";
export const QUARTER_TOO_EARLY = "Choose a quarter from 2000 on.";

const PATTERN = /^(\d{4})-Q([1-4])$/;

export type QuarterBounds = {
  quarter: string;
  /** Its first moment (UTC). */
  start: Date;
  /** The first moment after it. */
  end: Date;
  /** Its three months, "2026-07", "2026-08", "2026-09". */
  months: [string, string, string];
};

/** The quarter's bounds, or null for text that is not a quarter ("2026-Q5", "2026-3"). */
export function quarterBounds(text: string): QuarterBounds | null {
  const match = PATTERN.exec(text.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const first = (Number(match[2]) - 1) * 3;
  const month = (i: number) => new Date(Date.UTC(year, first + i, 1)).toISOString().slice(0, 7);
  return {
    quarter: `${year}-Q${match[2]}`,
    start: new Date(Date.UTC(year, first, 1)),
    end: new Date(Date.UTC(year, first + 3, 1)),
    months: [month(0), month(1), month(2)],
  };
}

/** The quarter a moment falls in (UTC). */
export const quarterOf = (at: Date) => `${at.getUTCFullYear()}-Q${Math.floor(at.getUTCMonth() / 3) + 1}`;

/** The current quarter and the `count - 1` before it, newest first: the picker's choices. */
export function recentQuarters(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => quarterOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3 * i, 1))));
}

/** The moment the figures are read at: the quarter's last instant, or now while it runs. */
export const quarterAsOf = (bounds: QuarterBounds, now: Date) => new Date(Math.min(now.getTime(), bounds.end.getTime() - 1));

/** A quarter that has started (checked against the clock when parsed). */
export const quarterSchema = z.string(QUARTER_FORMAT).check(
  z.trim(),
  z.refine((text) => quarterBounds(text) !== null, QUARTER_FORMAT),
  z.refine((text) => (quarterBounds(text)?.start.getUTCFullYear() ?? 2000) >= 2000, QUARTER_TOO_EARLY),
  z.refine((text) => (quarterBounds(text)?.start ?? new Date(0)) <= new Date(), QUARTER_NOT_STARTED),
);

/** The firm's request for a company's board summary. */
export const boardSummarySchema = z.object({
  clientId: uuidSchema,
  quarter: quarterSchema,
});
export type BoardSummaryInput = z.infer<typeof boardSummarySchema>;

/** An owner's request for the company's own board summary. */
export const portalBoardSummarySchema = z.object({ quarter: quarterSchema });
