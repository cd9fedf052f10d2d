"use server";
// Server actions of the Subscriptions screen; each checks the admin session itself (adminAction).
import { subscriptionDecisionSchema } from "@/lib/validation/admin";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/server/modules/account";
import { decideSubscription } from "@/server/modules/subscriptions";

/** Confirms or declines (with an optional reason the client reads) a plan request, or cancels a subscription; audited. */
export const decideSubscriptionAction = adminAction(subscriptionDecisionSchema, (actor, { subscriptionId, decision, reason }) =>
  decideSubscription(getDb(), { actor, subscriptionId, decision, reason }),
);
