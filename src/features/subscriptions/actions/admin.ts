"use server";
// Server actions of the Subscriptions screen; each checks the admin session itself (adminAction).
import { adminAction } from "@/features/identity/server";
import { supportPlanSchema, movePlanSchema, retirePlanSchema, subscriptionDecisionSchema } from "@/features/subscriptions/validation";
import { saveSupportPlan, moveSupportPlan, setSupportPlanRetired, decideSubscription } from "@/features/subscriptions/server";
import { getDb } from "@/server/core/get-db";

/** Confirms or declines (with an optional reason the client reads) a plan request, or cancels a subscription; audited. */
export const decideSubscriptionAction = adminAction(subscriptionDecisionSchema, (actor, { subscriptionId, decision, reason }) =>
  decideSubscription(getDb(), { actor, subscriptionId, decision, reason }),
);

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
