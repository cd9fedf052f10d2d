"use server";
// Server actions of the client rates screen; each one checks the admin session itself (adminAction).
import { updateClientRatesSchema } from "@/lib/validation/admin";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/server/modules/account";
import { replaceClientRates } from "@/server/modules/rates";

/** Replaces the client's rate cards in one transaction. */
export const updateClientRatesAction = adminAction(updateClientRatesSchema, async (actor, { clientId, rates }) => {
  const saved = await replaceClientRates(getDb(), { actor, clientId, rates });
  return { count: saved.length };
});
