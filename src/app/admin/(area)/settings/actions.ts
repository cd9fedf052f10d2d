"use server";
// Server actions of the Settings screen (docs/PRODUCT.md#admin-settings); each checks the admin session itself (adminAction).
import { noInputSchema } from "@/lib/validation/account";
import {
  clientTwoFactorPolicySchema,
  defaultRatesSchema,
  movePlanSchema,
  retirePlanSchema,
  supportPlanSchema,
} from "@/lib/validation/admin";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/server/modules/account";
import { sendTestMail } from "@/server/modules/operations";
import { saveDefaultRates, setRequireClientTwoFactor } from "@/server/modules/settings";
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

/** Replaces the rate cards a new client starts with; audited. */
export const saveDefaultRatesAction = adminAction(defaultRatesSchema, (actor, { rates }) => saveDefaultRates(getDb(), { actor, rates }));

/** Requires two-factor of every client company's people, on top of each company's own switch; audited. */
export const setClientTwoFactorPolicyAction = adminAction(clientTwoFactorPolicySchema, (actor, { required }) =>
  setRequireClientTwoFactor(getDb(), { actor, required }),
);

/** Sends a test mail to the signed-in admin through the outbox and says what became of it. */
export const sendTestMailAction = adminAction(noInputSchema, (actor) => sendTestMail(getDb(), { actor }));
