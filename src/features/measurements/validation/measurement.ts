// A measured AI finding's counts and target (docs/PRODUCT.md#measured-ai-findings): the admin's
// measurement and retest forms and the server parse the same schemas.
import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import type { $RefinementCtx } from "zod/v4/core";
import { MEASUREMENT_TRIALS_MAX, SHA256_HEX } from "@/lib/domain/finding-measurement";
import { isoDateSchema, text, uuidSchema } from "@/lib/validation/common";
import { judgeFields } from "./judge";

export const MEASUREMENT_NAME_MAX = 200;
const CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** One line of text (no control character), blank → null. */
const optionalLine = (max: number) =>
  z.pipe(
    z.nullish(text(max).check(z.refine((value) => !CONTROL.test(value), "Contains an invalid character"))),
    z.transform((value: string | null | undefined) => value || null),
  );

/** A SHA-256 as 64 hex digits (either case, stored in lower case); blank → null. */
const optionalSha256 = z.pipe(
  z.nullish(
    z
      .pipe(
        z.string({ error: "Enter a SHA-256 as 64 hex digits" }).check(z.maxLength(100, "Enter a SHA-256 as 64 hex digits")),
        z.transform((value: string) => value.trim().toLowerCase()),
      )
      .check(z.refine((value) => value === "" || SHA256_HEX.test(value), "Enter a SHA-256 as 64 hex digits")),
  ),
  z.transform((value: string | null | undefined) => value || null),
);

const wholeNumber = (what: string, min: number) =>
  z.coerce
    .number({ error: `Enter the number of ${what}` })
    .check(
      z.int(`Enter a whole number of ${what}`),
      z.gte(min, min === 1 ? `At least 1 of ${what}` : `Enter the number of ${what}`),
      z.lte(MEASUREMENT_TRIALS_MAX, `At most ${MEASUREMENT_TRIALS_MAX.toLocaleString("en-US")} ${what}`),
    );

/** The counts: trials n (at least one) and successes k, 0 ≤ k ≤ n. */
export const measurementCounts = {
  trials: wholeNumber("trials", 1),
  successes: wholeNumber("successes", 0),
};

export const measurementTarget = {
  provider: optionalLine(100),
  modelId: optionalLine(MEASUREMENT_NAME_MAX),
  modelVersion: optionalLine(100),
};

export const successesWithinTrials = <T extends { trials: number; successes: number }>(value: T, ctx: $RefinementCtx) => {
  if (value.successes > value.trials) ctx.addIssue({ code: "custom", path: ["successes"], message: "Successes cannot exceed the trials" });
};

/** The firm records a measurement by hand on its finding page. */
export const measurementSchema = z
  .object({
    findingId: uuidSchema,
    ...measurementCounts,
    ...measurementTarget,
    systemPromptSha256: optionalSha256,
    toolManifestSha256: optionalSha256,
    guardrailConfigSha256: optionalSha256,
    probe: optionalLine(MEASUREMENT_NAME_MAX),
    detector: optionalLine(MEASUREMENT_NAME_MAX),
    ...judgeFields,
    // The day it was measured, if not today.
    measuredOn: z.pipe(
      z.nullish(z.union([isoDateSchema, z.literal("")])),
      z.transform((value: string | null | undefined) => value || null),
    ),
  })
  .check(z.superRefine(successesWithinTrials));
export type MeasurementInput = z.input<typeof measurementSchema>;
export type MeasurementValues = z.output<typeof measurementSchema>;

/** One line of text, required: trimmed, no control character. */
const requiredLine = (max: number, message: string) =>
  z.pipe(
    z.pipe(z.string({ error: message }), text(max)).check(z.refine((value) => !CONTROL.test(value), "Contains an invalid character")),
    z.string().check(z.minLength(1, message)),
  );

/**
 * The model version a client runs now on one of an engagement's targets (the portal's form and the
 * company API's body): the provider (blank when the measurements name none), the model and its version.
 */
export const modelVersionFields = {
  provider: optionalLine(100),
  modelId: requiredLine(MEASUREMENT_NAME_MAX, "Name the model"),
  modelVersion: requiredLine(100, "Name the version you run now"),
};
export const modelVersionSchema = z.object({ projectId: uuidSchema, ...modelVersionFields });
export type ModelVersionInput = z.input<typeof modelVersionSchema>;
export type ModelVersionValues = z.output<typeof modelVersionSchema>;

/**
 * A run of the client's CI posted back to an AI finding (POST /api/v1/findings/{id}/runs): the
 * counts as promptfoo gives them for the reproducer (every graded result a trial, a failed one a
 * success of the attack), the version the run tried (required: a rate means nothing without it),
 * and what else the CI knows of its target.
 */
export const clientRunSchema = z
  .object({
    ...measurementCounts,
    modelVersion: requiredLine(100, "Name the model version the run tried"),
    provider: optionalLine(100),
    modelId: optionalLine(MEASUREMENT_NAME_MAX),
    probe: optionalLine(MEASUREMENT_NAME_MAX),
    detector: optionalLine(MEASUREMENT_NAME_MAX),
    systemPromptSha256: optionalSha256,
    toolManifestSha256: optionalSha256,
    guardrailConfigSha256: optionalSha256,
  })
  .check(z.superRefine(successesWithinTrials));
export type ClientRunValues = z.output<typeof clientRunSchema>;

/** The largest results file an owner uploads: promptfoo's results.json of a reproducer's run, outputs included. */
export const RUN_FILE_MAX_BYTES = 20 * 1024 * 1024;

/**
 * An owner's upload of a run's results file in the portal (the way in without an API token): the
 * version the run tried, as the API asks it; the counts come from the file (readPromptfooRun).
 */
export const runUploadSchema = z.object({ modelVersion: clientRunSchema.shape.modelVersion });
export type RunUploadInput = z.input<typeof runUploadSchema>;
