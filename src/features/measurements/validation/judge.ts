// A measurement's judge, a person's review of a retest's outputs, and a judge's validation
// (docs/PRODUCT.md#measured-ai-findings): the admin's forms and the server parse the same schemas.
import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import type { $RefinementCtx } from "zod/v4/core";
import { text } from "@/lib/validation/common";

const CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const line = (max: number) => text(max).check(z.refine((value) => !CONTROL.test(value), "Contains an invalid character"));
const optionalLine = (max: number) =>
  z.pipe(
    z.nullish(line(max)),
    z.transform((value: string | null | undefined) => value || null),
  );

/** The judge of a measurement: its name (blank: none named), version, and an LLM judge's model and rubric version. */
export const judgeFields = {
  judgeName: optionalLine(200),
  judgeVersion: optionalLine(100),
  judgeModel: optionalLine(200),
  judgeRubricVersion: optionalLine(100),
};

const optionalCount = (what: string) =>
  z.pipe(
    z.nullish(
      z.union([
        z.literal(""),
        z.coerce
          .number({ error: `Enter the number of ${what}` })
          .check(z.int(`Enter a whole number of ${what}`), z.gte(0, `Enter the number of ${what}`)),
      ]),
    ),
    z.transform((value: number | "" | null | undefined) => (value === "" || value === undefined || value === null ? null : value)),
  );

/**
 * A person's review of a stated sample of a retest's outputs: how many outputs they read, the
 * successes they found there, and who they are. All three or none.
 */
export const reviewFields = {
  reviewSample: optionalCount("outputs reviewed"),
  reviewFound: optionalCount("successes found"),
  reviewerName: optionalLine(200),
};

export const reviewComplete = (
  value: { reviewSample: number | null; reviewFound: number | null; reviewerName: string | null; trials?: number },
  ctx: $RefinementCtx,
) => {
  const given = [value.reviewSample, value.reviewFound, value.reviewerName].filter((v) => v !== null).length;
  if (given === 0) return;
  if (value.reviewSample === null || value.reviewSample < 1)
    ctx.addIssue({ code: "custom", path: ["reviewSample"], message: "Give how many outputs the person reviewed (at least 1)" });
  else if (value.trials !== undefined && value.reviewSample > value.trials)
    ctx.addIssue({ code: "custom", path: ["reviewSample"], message: "The sample cannot exceed the trials" });
  if (value.reviewFound === null)
    ctx.addIssue({ code: "custom", path: ["reviewFound"], message: "Give the successes the person found (0 if none)" });
  else if (value.reviewSample !== null && value.reviewFound > value.reviewSample)
    ctx.addIssue({ code: "custom", path: ["reviewFound"], message: "Cannot exceed the outputs reviewed" });
  if (value.reviewerName === null) ctx.addIssue({ code: "custom", path: ["reviewerName"], message: "Name the person who reviewed" });
};

/** The largest labelled sample a validation reads (CSV or JSONL text): under the server actions' body limit. */
export const JUDGE_SAMPLE_MAX_CHARS = 200_000;

/** The firm records a judge's validation: the judge, the sample's format and text, a note. */
export const judgeValidationSchema = z.object({
  judgeName: z.pipe(line(200), z.string().check(z.minLength(1, "Name the judge"))),
  judgeVersion: judgeFields.judgeVersion,
  judgeModel: judgeFields.judgeModel,
  judgeRubricVersion: judgeFields.judgeRubricVersion,
  format: z.enum(["csv", "jsonl"], { error: "Choose CSV or JSONL" }),
  sample: z.string({ error: "Add the labelled sample" }).check(
    z.maxLength(JUDGE_SAMPLE_MAX_CHARS, "The sample is larger than 200 KB: keep only the human and judge columns"),
    z.refine((value) => value.trim() !== "", "Add the labelled sample"),
  ),
  note: optionalLine(2000),
});
export type JudgeValidationInput = z.input<typeof judgeValidationSchema>;
export type JudgeValidationValues = z.output<typeof judgeValidationSchema>;
