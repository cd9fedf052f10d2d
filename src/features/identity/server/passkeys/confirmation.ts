import "server-only";
import type { Actor } from "@/server/core/actor";
import { getDb } from "@/server/core/db/client";
import { confirmOwnPasskey } from "./account-passkeys";
import { checkPassword } from "../second-factor/two-factor";

/** A passkey on hold since a two-factor reset signs in again once its owner confirms it with the password. */
export async function confirmPasskey(actor: Actor, input: { passkeyId: string; password: string }): Promise<{ id: string }> {
  await checkPassword(actor.userId, input.password);
  return confirmOwnPasskey(getDb(), { actor, passkeyId: input.passkeyId });
}
