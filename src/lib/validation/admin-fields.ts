// The building blocks the admin's list queries and forms share across features: page size and
// number, search text, dates, required text and dollar amounts.
import "@/lib/validation/zod-config";
import { text, isoDateSchema } from "@/lib/validation/common";
import { z } from "zod";
import { parseDollarsToCents } from "@/lib/format";

/** Rows per page of the clients and projects lists (paginated on the server). */
export const ADMIN_PAGE_SIZE = 25;

export function requiredText(max: number, message: string) {
  return text(max).pipe(z.string().min(1, message));
}

/** List query of a paginated admin screen: search text and 1-based page, forgiving of junk. */
export const searchText = z
  .string()
  .max(200)
  .transform((value) => value.replace(/\u0000/g, "").trim())
  .catch("");

export const pageNumber = z.coerce.number().int().min(1).max(100_000).catch(1);

/** An optional date filter (an inclusive UTC day): blank or junk means none. */
export const optionalFilterDate = z
  .union([z.literal(""), isoDateSchema])
  .optional()
  .catch(undefined)
  .transform((value) => value || undefined);

const MAX_DOLLARS = 10_000_000;

const DOLLARS_MESSAGE = "Enter a non-negative amount in dollars (at most 2 decimals)";

/** Dollars typed or sent as a number or a string → integer cents; negative, non-finite or junk is refused. */
export const dollarsToCents = z.union([z.number(), z.string().max(32)], { error: DOLLARS_MESSAGE }).transform((value, ctx) => {
  const cents = typeof value === "number" && !Number.isFinite(value) ? null : parseDollarsToCents(value);
  if (cents === null || cents > MAX_DOLLARS * 100) {
    ctx.addIssue({ code: "custom", message: DOLLARS_MESSAGE });
    return z.NEVER;
  }
  return cents;
});

/** Empty retainer ("" or null) means none. */
export const optionalDollarsToCents = z
  .union([z.literal(""), dollarsToCents])
  .nullish()
  .transform((value) => (typeof value === "number" ? value : null));
