"use server";
// Server actions of the Settings screen (docs/PRODUCT.md#admin-settings); each checks the admin session itself (adminAction).
import { movePlanSchema, retirePlanSchema, supportPlanSchema } from "@/lib/validation/admin";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/server/modules/account";
import { moveSupportPlan, saveSupportPlan, setSupportPlanRetired } from "@/server/modules/subscriptions";

/** Creates a support plan (offered last in Book Service) or edits one; audited. */
export const saveSupportPlanAction = adminAction(supportPlanSchema, (actor, input) => saveSupportPlan(getDb(), { actor, input }));

/** Moves a plan on offer one place up or down in Book Service. */
export const moveSupportPlanAction = adminAction(movePlanSchema, (actor, { planId, direction }) =>
  moveSupportPlan(getDb(), { actor, planId, direction }),
);

/** Retires a plan (its subscribers keep it) or offers it again. */
export const retireSupportPlanAction = adminAction(retirePlanSchema, (actor, { planId, retired }) =>
  setSupportPlanRetired(getDb(), { actor, planId, retired }),
);
