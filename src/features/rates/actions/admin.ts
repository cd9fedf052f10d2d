"use server";
// Server actions of the client rates screen; each one checks the admin session itself (adminAction).
import { updateClientRatesSchema } from "@/features/rates/validation";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/features/identity/server";
import { replaceClientRates } from "@/features/rates/server";

/** Replaces the client's rate cards in one transaction. */
export const updateClientRatesAction = adminAction(updateClientRatesSchema, async (actor, { clientId, rates }) => {
  const saved = await replaceClientRates(getDb(), { actor, clientId, rates });
  return { count: saved.length };
});
