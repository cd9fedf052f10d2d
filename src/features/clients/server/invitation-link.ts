import "server-only";
import type { Db } from "@/server/core/db/client";
import { createInvitationLink } from "@/features/identity/server";

/** Invitations last longer than a reset link (1 hour): a new client may not read mail at once. */
export const INVITE_TOKEN_DAYS = 7;
const INVITE_TOKEN_SECONDS = INVITE_TOKEN_DAYS * 24 * 60 * 60;

type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** `verificationId`: the token's row, which clearing a re-invited person's old links must keep. */
export type InvitationLink = { url: string; expiresAt: Date; verificationId: string };

/**
 * Runs `write` (the invitation mail and what it invites to) in one transaction with a fresh
 * invitation link for `userId`: a password-reset token with the invitation lifetime. The token goes
 * through better-auth's verification store (hashed at rest, consumed by its reset), which is outside
 * our transaction: it is written first and removed again when the transaction fails. A token a
 * crash leaves behind was never mailed, and expires.
 */
export async function withInvitationLink<T>(
  db: Db,
  userId: string,
  write: (tx: Transaction, link: InvitationLink) => Promise<T>,
): Promise<{ result: T; link: InvitationLink }> {
  const { url, expiresAt, verificationId, revoke } = await createInvitationLink(userId, INVITE_TOKEN_SECONDS);
  const link = { url, expiresAt, verificationId };
  try {
    const result = await db.transaction((tx) => write(tx, link));
    return { result, link };
  } catch (error) {
    await revoke().catch((revokeError) => console.error("[clients] could not remove an unused invitation token:", revokeError));
    throw error;
  }
}
