import "./zod-config";
import * as z from "zod/mini";
import type { $ZodType } from "zod/v4/core";

// PostgreSQL rejects NUL in text, and a lone UTF-16 surrogate in jsonb (the audit log keeps
// before/after as jsonb): refusing both here turns a would-be 500 into a clear 400.
const INVALID_CHARACTER = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the string holds a character the database cannot store (NUL, a lone surrogate). */
export const hasInvalidCharacter = (value: string) => INVALID_CHARACTER.test(value);

// Characters that show nothing or turn the text around: format characters (zero-width spaces and
// joiners, bidi embeddings, overrides and isolates, the byte-order mark, soft hyphens), controls,
// variation selectors, Hangul fillers and the like. In a name they make two names that look the
// same, or a file name whose end is not its extension (docs/PRODUCT.md#admin-clients).
const HIDDEN_CHARACTER =
  /[\p{Cf}\p{Cc}\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u2028\u2029\u3164\uFE00-\uFE0F\uFFA0\u{E0100}-\u{E01EF}]/u;

/** True when the string holds an invisible or text-direction character. */
export const hasHiddenCharacter = (value: string) => HIDDEN_CHARACTER.test(value);

export const HIDDEN_CHARACTER_MESSAGE = "Must not contain invisible or text-direction characters";

/** A name others pick from a list (a company): text() without invisible or text-direction characters. */
export function nameText(max: number) {
  // Checked before trimming: trim() would quietly drop a leading byte-order mark.
  return z.pipe(
    z.string({ error: "Required" }).check(z.refine((value) => !hasHiddenCharacter(value), HIDDEN_CHARACTER_MESSAGE)),
    text(max),
  );
}

/** A trimmed string without NUL characters or lone surrogates, bounded so oversized input is refused early. */
export function text(max: number) {
  return z.pipe(
    z.string({ error: "Required" }).check(
      z.maxLength(max, `Must be at most ${max} characters`),
      z.refine((value) => !hasInvalidCharacter(value), "Contains an invalid character"),
    ),
    z.transform((value: string) => value.trim()),
  );
}

export const emailSchema = z.pipe(
  z.string({ error: "Invalid email address" }).check(z.trim(), z.maxLength(254, "Invalid email address")),
  z.email("Invalid email address"),
);

/** Years a date of this business can fall in; "0000-01-01" or "9999-12-31" is a typo, not a plan. */
export const DATE_YEAR_RANGE = { min: 1900, max: 2100 } as const;

/** yyyy-mm-dd that is a real calendar date within DATE_YEAR_RANGE: the one date schema for every form. */
export const isoDateSchema = z.string({ error: "Use the format YYYY-MM-DD" }).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, "Use the format YYYY-MM-DD"),
  z.refine((value: string) => {
    // JavaScript accepts year 0000; PostgreSQL's calendar has no year 0 and answers with an error.
    if (value.startsWith("0000")) return false;
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, "Not a real date"),
  z.refine((value: string) => {
    const year = Number(value.slice(0, 4));
    return year >= DATE_YEAR_RANGE.min && year <= DATE_YEAR_RANGE.max;
  }, `Enter a date between ${DATE_YEAR_RANGE.min} and ${DATE_YEAR_RANGE.max}`),
);

export const uuidSchema = z.uuid("Invalid id");

/** A form field that must be filled in: missing or blank says `message`, then `schema` checks the value. */
export function requiredField<T extends $ZodType<unknown, string>>(message: string, schema: T) {
  return z.pipe(z.string({ error: message }).check(z.trim(), z.minLength(1, message)), schema);
}

/** Optional text: missing or blank becomes null, so the database stores "no value" rather than "". */
export function optionalText(max: number) {
  return z.pipe(
    z.nullish(text(max)),
    z.transform((value: string | null | undefined) => (value ? value : null)),
  );
}
