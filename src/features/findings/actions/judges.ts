"use server";
// The firm records a validation of a judge (docs/PRODUCT.md#measured-ai-findings): admin only (adminAction).
import { revalidatePath } from "next/cache";
import { judgeValidationSchema } from "@/features/findings/validation";
import { recordJudgeValidation } from "@/features/findings/server";
import { adminAction } from "@/features/identity/server";
import { getDb } from "@/server/core/get-db";

export const recordJudgeValidationAction = adminAction(judgeValidationSchema, async (actor, input) => {
  const recorded = await recordJudgeValidation(getDb(), { actor, input });
  revalidatePath("/admin/findings/judges");
  return recorded;
});
