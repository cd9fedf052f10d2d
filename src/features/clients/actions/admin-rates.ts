"use server";
// The client rates screen's save (modules/rates' form, handed this action by its page): the rates
// module replaces the cards, the client's row locked by this module's `lockCompany`, since the
// rates module sits below this one. Checks the admin session itself (adminAction).
import { updateClientRatesSchema } from "@/features/rates/validation";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/features/identity/server";
import { replaceClientRates } from "@/features/rates/server";
import { lockCompany } from "@/features/clients/server";

/** Replaces the client's rate cards in one transaction. */
export const updateClientRatesAction = adminAction(updateClientRatesSchema, async (actor, { clientId, rates }) => {
  const saved = await replaceClientRates(getDb(), { actor, clientId, rates, lockClient: lockCompany });
  return { count: saved.length };
});
