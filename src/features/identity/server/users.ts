import "server-only";
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { account, passkey, session, twoFactor, user, type UserRole, verification } from "./schema";

export type NewCredentialUser = { id?: string; email: string; name: string; role: UserRole; password?: string };

/** Finds a user by email, case-insensitively (better-auth stores emails lower-cased). */
export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: user.id, email: user.email, name: user.name, role: user.role })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

/**
 * Creates a user with a credential account in the caller's transaction. Without a password the
 * account has none until the user sets one through a reset (invitation) link.
 */
export async function createCredentialUser(db: DbOrTx, input: NewCredentialUser): Promise<{ id: string }> {
  const id = input.id ?? randomUUID();
  const email = input.email.trim().toLowerCase();
  await db.insert(user).values({ id, email, name: input.name, role: input.role, emailVerified: true });
  await db.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: input.password ? await hashPassword(input.password) : null,
  });
  return { id };
}

export async function setUserPassword(db: DbOrTx, userId: string, password: string): Promise<void> {
  const hash = await hashPassword(password);
  const updated = await db
    .update(account)
    .set({ password: hash, updatedAt: sql`now()` })
    .where(sql`${account.userId} = ${userId} and ${account.providerId} = 'credential'`)
    .returning({ id: account.id });
  if (updated.length === 0) {
    await db.insert(account).values({ id: randomUUID(), accountId: userId, providerId: "credential", userId, password: hash });
  }
}

/**
 * A removed person invited again (docs/PRODUCT.md#portal-team): the invitation starts them afresh,
 * as for someone new. Their old password, two-factor, passkeys, trusted devices, older reset links
 * and sessions go, so whoever reads the invitation now holds the only way in; the user (and what
 * they wrote) stays. `keepLink` is the new invitation's own token (createInvitationLink's
 * verificationId), written before this runs: it must survive, or the mail carries a dead link.
 */
export async function clearCredentialsForInvitation(
  db: DbOrTx,
  { userId, name, keepLink }: { userId: string; name: string; keepLink: string },
): Promise<void> {
  await db.update(user).set({ name, twoFactorEnabled: false }).where(eq(user.id, userId));
  await db
    .update(account)
    .set({ password: null, updatedAt: sql`now()` })
    .where(sql`${account.userId} = ${userId} and ${account.providerId} = 'credential'`);
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
  await db.delete(passkey).where(eq(passkey.userId, userId));
  await db.delete(session).where(eq(session.userId, userId));
  // Trusted devices, pending sign-ins and reset links all name the user in `value`.
  await db.delete(verification).where(and(eq(verification.value, userId), ne(verification.id, keepLink)));
}
