"use server";
// The firm records a validation of a judge (docs/PRODUCT.md#measured-ai-findings): admin only
// (adminAction). The form refreshes the Judges page itself.
import { judgeValidationSchema } from "@/features/measurements/validation";
import { recordJudgeValidation } from "@/features/measurements/server";
import { adminAction } from "@/features/identity/server";
import { getDb } from "@/server/core/get-db";

export const recordJudgeValidationAction = adminAction(judgeValidationSchema, (actor, input) =>
  recordJudgeValidation(getDb(), { actor, input }),
);
