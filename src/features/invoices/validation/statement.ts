// The statement's period and format (docs/PRODUCT.md#statements): the portal's and the admin's
// download forms check it in the browser, their route handlers again on the server.
import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { isoDateSchema } from "@/lib/validation/common";
import { statementPeriodProblem, yearStart } from "@/lib/statement";

export const STATEMENT_FORMATS = ["pdf", "csv"] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** A date field of the form: left empty, it takes its default. */
const periodDate = z.optional(z.union([z.literal(""), isoDateSchema]));

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * `from` and `to` (inclusive), by default the calendar year of `to` so far, `to` by default
 * today (UTC); the end before the start, or more than five years, is refused.
 */
const statementFields = z.object({
  from: periodDate,
  to: periodDate,
  format: z._default(z.enum(STATEMENT_FORMATS, { error: "Choose PDF or CSV" }), "pdf"),
});

export const statementQuerySchema = z
  .pipe(
    statementFields,
    z.transform(({ from, to, format }: z.output<typeof statementFields>) => {
      const end = to || todayUtc();
      return { from: from || yearStart(end), to: end, format };
    }),
  )
  .check(
    z.superRefine(({ from, to }, ctx) => {
      const problem = statementPeriodProblem(from, to);
      if (problem) ctx.addIssue({ code: "custom", path: ["to"], message: problem });
    }),
  );

export type StatementQuery = z.output<typeof statementQuerySchema>;
