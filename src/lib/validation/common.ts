import "./zod-config";
import { z } from "zod";

// PostgreSQL rejects NUL in text; refusing it here turns a would-be 500 into a clear 400.
const NO_NUL = /^[^\u0000]*$/;

/** A trimmed string without NUL characters, bounded so oversized input is refused early. */
export function text(max: number) {
  return z
    .string({ error: "Required" })
    .max(max, `Must be at most ${max} characters`)
    .regex(NO_NUL, "Contains an invalid character")
    .transform((value) => value.trim());
}

export const emailSchema = z
  .string({ error: "Invalid email address" })
  .trim()
  .max(254, "Invalid email address")
  .pipe(z.email("Invalid email address"));

/** yyyy-mm-dd that is a real calendar date. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the format YYYY-MM-DD")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, "Not a real date");

export const uuidSchema = z.uuid("Invalid id");

/** zod issues → { field: first message }, for forms and 400 bodies. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    out[key] ??= issue.message;
  }
  return out;
}
