"use server";
// The portal's plan requests and cancellations.
// Each action checks the client session itself (clientAction) and validates with the same schema as
// the form; the client id always comes from the session.
import { clientAction } from "@/features/identity/server";
import { subscribeSchema, cancelSubscriptionSchema, switchPlanSchema } from "@/features/subscriptions/validation";
import { requestSubscription, cancelOwnSubscription, switchOwnPlan } from "@/features/subscriptions/server";
import { getDb } from "@/server/core/get-db";

/** Book Service: asks for a support plan (a pending request until confirmed). */
export const subscribeToPlan = clientAction(subscribeSchema, (actor, { planId }) => requestSubscription(getDb(), { actor, planId }));

/** Book Service: ends the client's plan at the end of its period (owners), or withdraws its request. */
export const cancelSubscription = clientAction(cancelSubscriptionSchema, (actor, { subscriptionId }) =>
  cancelOwnSubscription(getDb(), { actor, subscriptionId }),
);

/** Book Service: an owner switches the company's plan from its next billing date. */
export const switchPlan = clientAction(switchPlanSchema, (actor, { planId }) => switchOwnPlan(getDb(), { actor, planId }));
