// The retainers feature's zod schemas (docs/PRODUCT.md#retainer-hours): the forms use them in the
// browser, and the server actions parse the same input again on the server.
import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import type { $ZodRawIssue } from "zod/v4/core";
import { DEFAULT_RETAINER_THRESHOLDS, QUARTER_HOUR_MINUTES } from "@/lib/domain/retainer";
import { dollarsToCents, requiredText } from "@/lib/validation/admin-fields";
import { isoDateSchema, uuidSchema } from "@/lib/validation/common";

/** zod/mini's transforms have no ctx.addIssue: the issue goes on the payload, as classic's would. */
const refuse = (ctx: { issues: $ZodRawIssue[]; value: unknown }, message: string) => {
  ctx.issues.push({ code: "custom", message, input: ctx.value });
  return z.NEVER;
};

export const QUARTER_HOURS_MESSAGE = "Enter hours in quarter hours (e.g. 1.25)";

/** Hours typed or sent as a number or a string → whole minutes, a multiple of 15, within `maxHours`. */
function quarterHours({ min, maxHours }: { min: number; maxHours: number }) {
  return z.pipe(
    z.union([z.number(), z.string().check(z.maxLength(16))], { error: QUARTER_HOURS_MESSAGE }),
    z.transform((value: number | string, ctx) => {
      const text = typeof value === "number" ? String(value) : value.trim();
      const hours = /^\d{1,5}(\.\d{1,2})?$/.test(text) ? Number(text) : Number.NaN;
      const minutes = hours * 60;
      if (!Number.isFinite(minutes) || !Number.isInteger(minutes) || minutes % QUARTER_HOUR_MINUTES !== 0)
        return refuse(ctx, QUARTER_HOURS_MESSAGE);
      if (minutes < min || minutes > maxHours * 60) return refuse(ctx, `Enter between ${min / 60} and ${maxHours} hours`);
      return minutes;
    }),
  );
}

const wholeNumber = (max: number, message: string) =>
  z.pipe(
    z.union([z.number(), z.string().check(z.maxLength(8))], { error: message }),
    z.transform((value: number | string, ctx) => {
      const number = typeof value === "number" ? value : /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
      if (!Number.isInteger(number) || number < 0 || number > max) return refuse(ctx, message);
      return number;
    }),
  );

const THRESHOLDS_MESSAGE = "Enter up to five percentages between 1 and 200";

/** "80, 100" or [80, 100] → [80, 100], ascending and without repeats. */
const thresholdsSchema = z.pipe(
  z.optional(z.union([z.string().check(z.maxLength(40)), z.array(z.number()).check(z.maxLength(5))], { error: THRESHOLDS_MESSAGE })),
  z.transform((value: string | number[] | undefined, ctx) => {
    if (value === undefined || (typeof value === "string" && value.trim() === "")) return [...DEFAULT_RETAINER_THRESHOLDS];
    const parts = typeof value === "string" ? value.split(",").map((part) => part.trim()) : value.map(String);
    const numbers = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : Number.NaN));
    if (numbers.length > 5 || numbers.some((n) => !Number.isInteger(n) || n < 1 || n > 200)) return refuse(ctx, THRESHOLDS_MESSAGE);
    return [...new Set(numbers)].sort((a, b) => a - b);
  }),
);

/** A client's retainer as the firm sets it. */
export const retainerSchema = z.object({
  clientId: uuidSchema,
  name: requiredText(120, "Please enter the retainer's name"),
  hoursPerMonth: quarterHours({ min: 15, maxHours: 744 }),
  hourlyRate: dollarsToCents,
  overageRate: dollarsToCents,
  startDate: isoDateSchema,
  // 0 hours or 0 months: nothing carries over.
  carryOverHours: z.pipe(
    z.union([z.literal(""), z.literal(0), z.literal("0"), quarterHours({ min: 15, maxHours: 744 })]),
    z.transform((v: number | "" | "0") => (typeof v === "number" ? v : 0)),
  ),
  carryOverMonths: wholeNumber(24, "Enter a number of months from 0 to 24"),
  thresholds: thresholdsSchema,
});
export type RetainerInput = z.input<typeof retainerSchema>;
export type RetainerValues = z.output<typeof retainerSchema>;

export const TIME_ENTRY_TEXT_MAX = 1000;

/** Time the firm logs on a client's retainer. */
export const timeEntrySchema = z.object({
  clientId: uuidSchema,
  projectId: uuidSchema,
  workDate: isoDateSchema,
  hours: quarterHours({ min: 15, maxHours: 24 }),
  person: requiredText(120, "Please enter who did the work"),
  description: requiredText(TIME_ENTRY_TEXT_MAX, "Please describe the work"),
  billable: z.boolean({ error: "Say whether the time is billable" }),
});
export type TimeEntryInput = z.input<typeof timeEntrySchema>;
export type TimeEntryValues = z.output<typeof timeEntrySchema>;

/** "2026-11": a calendar month. */
export const monthSchema = z.string({ error: "Use the format YYYY-MM" }).check(
  z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Use the format YYYY-MM"),
  z.refine((value) => Number(value.slice(0, 4)) >= 1900 && Number(value.slice(0, 4)) <= 2100, "Enter a month between 1900 and 2100"),
);

export const closeMonthSchema = z.object({ clientId: uuidSchema, month: monthSchema });

export const OVERAGE_DECISIONS = ["approve", "decline"] as const;
export const overageDecisionSchema = z.object({
  requestId: uuidSchema,
  decision: z.enum(OVERAGE_DECISIONS, { error: "Choose approve or decline" }),
});
