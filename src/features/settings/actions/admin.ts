"use server";
// Server actions of the Settings screen (docs/PRODUCT.md#admin-settings); each checks the admin session itself (adminAction).
import { adminAction } from "@/features/identity/server";
import { defaultRatesSchema, clientTwoFactorPolicySchema, firmDetailsSchema, minRetestTrialsSchema } from "@/features/settings/validation";
import { saveDefaultRates, saveFirmDetails, setMinRetestTrials, setRequireClientTwoFactor } from "@/features/settings/server";
import { getDb } from "@/server/core/get-db";

/** Replaces the rate cards a new client starts with; audited. */
export const saveDefaultRatesAction = adminAction(defaultRatesSchema, (actor, { rates }) => saveDefaultRates(getDb(), { actor, rates }));

/** Requires two-factor of every client company's people, on top of each company's own switch; audited. */
export const setClientTwoFactorPolicyAction = adminAction(clientTwoFactorPolicySchema, (actor, { required }) =>
  setRequireClientTwoFactor(getDb(), { actor, required }),
);

/** Saves the firm's name and address that its invoices and statements print; audited. */
export const saveFirmDetailsAction = adminAction(firmDetailsSchema, (actor, { name, address }) =>
  saveFirmDetails(getDb(), { actor, name, address }),
);

/** Sets the trials an AI finding's retest needs, with no success, to be Verified Fixed; audited. */
export const setMinRetestTrialsAction = adminAction(minRetestTrialsSchema, (actor, { minTrials }) =>
  setMinRetestTrials(getDb(), { actor, minTrials }),
);
