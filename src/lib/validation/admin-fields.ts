// The building blocks the admin's list queries and forms share across features: page size and
// number, search text, dates, required text and dollar amounts.
import "@/lib/validation/zod-config";
import { text, isoDateSchema } from "@/lib/validation/common";
import * as z from "zod/mini";
import { parseDollarsToCents } from "@/lib/format";

/** Rows per page of the clients and projects lists (paginated on the server). */
export const ADMIN_PAGE_SIZE = 25;

export function requiredText(max: number, message: string) {
  return z.pipe(text(max), z.string().check(z.minLength(1, message)));
}

/** List query of a paginated admin screen: search text and 1-based page, forgiving of junk. */
export const searchText = z.catch(
  z.pipe(
    z.string().check(z.maxLength(200)),
    z.transform((value: string) => value.replace(/\u0000/g, "").trim()),
  ),
  "",
);

export const pageNumber = z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1);

/** An optional date filter (an inclusive UTC day): blank or junk means none. */
export const optionalFilterDate = z.pipe(
  z.catch(z.optional(z.union([z.literal(""), isoDateSchema])), undefined),
  z.transform((value: string | undefined) => value || undefined),
);

const MAX_DOLLARS = 10_000_000;

const DOLLARS_MESSAGE = "Enter a non-negative amount in dollars (at most 2 decimals)";

/** Dollars typed or sent as a number or a string → integer cents; negative, non-finite or junk is refused. */
export const dollarsToCents = z.pipe(
  z.union([z.number(), z.string().check(z.maxLength(32))], { error: DOLLARS_MESSAGE }),
  z.transform((value: number | string, ctx) => {
    const cents = typeof value === "number" && !Number.isFinite(value) ? null : parseDollarsToCents(value);
    if (cents === null || cents > MAX_DOLLARS * 100) {
      // zod/mini's transform has no ctx.addIssue; the issue goes on the payload as classic's would.
      ctx.issues.push({ code: "custom", message: DOLLARS_MESSAGE, input: value });
      return z.NEVER;
    }
    return cents;
  }),
);

/** Empty retainer ("" or null) means none. */
export const optionalDollarsToCents = z.pipe(
  z.nullish(z.union([z.literal(""), dollarsToCents])),
  z.transform((value: number | "" | null | undefined) => (typeof value === "number" ? value : null)),
);
