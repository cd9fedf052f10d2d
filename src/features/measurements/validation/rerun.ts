// Scheduled re-runs (docs/PRODUCT.md#measured-ai-findings): a schedule per engagement target and a
// run of its reproducers, parsed alike by the forms, the company API and the server.
import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import type { $RefinementCtx } from "zod/v4/core";
import { MEASUREMENT_TRIALS_MAX } from "@/lib/domain/finding-measurement";
import { RERUN_CADENCES } from "@/lib/domain/rerun";
import { text, uuidSchema } from "@/lib/validation/common";
import { clientRunSchema, measurementCounts, successesWithinTrials } from "./measurement";

const CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** The target's model id as the measurements name it. */
const modelName = z.pipe(
  text(200).check(z.refine((value) => !CONTROL.test(value), "Contains an invalid character")),
  z.string().check(z.minLength(1, "Name the model")),
);

/** A run holds at most this many findings' counts. */
export const RERUN_RESULTS_MAX = 500;

const optionalCount = (what: string, min: number) =>
  z.pipe(
    z.nullish(
      z.coerce
        .number({ error: `Enter the number of ${what}` })
        .check(
          z.int(`Enter a whole number of ${what}`),
          z.gte(min, `At least ${min} ${what}`),
          z.lte(MEASUREMENT_TRIALS_MAX * 100, `Too many ${what}`),
        ),
    ),
    z.transform((value: number | null | undefined) => value ?? null),
  );

/** Multi-turn trials: the turns all conversations used, each one's budget, the seed prompts they started from. */
export const multiTurnFields = {
  turnsUsed: optionalCount("turns", 1),
  turnBudget: optionalCount("turns in the budget", 1),
  seedPrompts: optionalCount("seed prompts", 1),
};

export const multiTurnWithinTrials = <
  T extends { trials: number; turnsUsed: number | null; turnBudget: number | null; seedPrompts: number | null },
>(
  value: T,
  ctx: $RefinementCtx,
) => {
  if (value.turnsUsed !== null && value.turnsUsed < value.trials)
    ctx.addIssue({ code: "custom", path: ["turnsUsed"], message: "Each conversation uses at least one turn" });
  if (value.turnsUsed !== null && value.turnBudget !== null && value.turnsUsed > value.turnBudget * value.trials)
    ctx.addIssue({ code: "custom", path: ["turnsUsed"], message: "More turns than the budget allows" });
  if (value.seedPrompts !== null && value.seedPrompts > value.trials)
    ctx.addIssue({ code: "custom", path: ["seedPrompts"], message: "More seed prompts than trials" });
};

const rerunResultSchema = z.object({ findingId: uuidSchema, ...measurementCounts, ...multiTurnFields }).check(
  z.superRefine((value, ctx) => {
    successesWithinTrials(value, ctx);
    multiTurnWithinTrials(value, ctx);
  }),
);

/** One run of a target's reproducers: the target, the version it tried, each finding's counts. */
export const rerunSchema = z
  .object({
    provider: clientRunSchema.shape.provider,
    modelId: modelName,
    modelVersion: clientRunSchema.shape.modelVersion,
    results: z
      .array(rerunResultSchema, { error: "List each finding's counts in results" })
      .check(
        z.minLength(1, "List each finding's counts in results"),
        z.maxLength(RERUN_RESULTS_MAX, `At most ${RERUN_RESULTS_MAX} findings in one run`),
      ),
  })
  .check(
    z.superRefine((value, ctx) => {
      const seen = new Set<string>();
      value.results.forEach((result, index) => {
        if (seen.has(result.findingId))
          ctx.addIssue({ code: "custom", path: ["results", index, "findingId"], message: "A finding is listed twice" });
        seen.add(result.findingId);
      });
    }),
  );
export type RerunValues = z.output<typeof rerunSchema>;
export type RerunInput = z.input<typeof rerunSchema>;

/** A schedule for a target of an engagement (one per target: setting it again changes it). */
export const rerunScheduleSchema = z.object({
  projectId: uuidSchema,
  provider: clientRunSchema.shape.provider,
  modelId: modelName,
  cadence: z.enum(RERUN_CADENCES, { error: "Choose how often the reproducers run" }),
});
export type RerunScheduleValues = z.output<typeof rerunScheduleSchema>;
export type RerunScheduleInput = z.input<typeof rerunScheduleSchema>;
