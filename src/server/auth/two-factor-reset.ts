import "server-only";
import { eq } from "drizzle-orm";
import { recordAudit } from "../audit";
import type { DbOrTx } from "../db/client";
import { session, twoFactor, user } from "../db/schema";
import { serverEnv } from "../env";
import { enqueueEmail } from "../integrations/email/outbox";
import { twoFactorResetMail } from "../integrations/email/templates";

/**
 * Recovery for a user locked out of two-factor (docs/PRODUCT.md#sign-in-two-factor): removes the
 * secret and backup codes, turns two-factor off, signs every session out, and records and mails it,
 * all in one transaction. `actorUserId` is the admin who did it, or null for the server CLI.
 */
export async function resetUserTwoFactor(db: DbOrTx, { userId, actorUserId }: { userId: string; actorUserId: string | null }): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const [target] = await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, userId)).returning({ email: user.email, role: user.role });
    if (!target) throw new Error("user not found");
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await tx.delete(session).where(eq(session.userId, userId));
    await recordAudit(tx, { actor: actorUserId ? { userId: actorUserId } : null, action: "account.two_factor_reset", entityType: "user", entityId: userId });
    const signIn = `${serverEnv().appUrl}${target.role === "admin" ? "/admin/login" : "/client-portal"}`;
    await enqueueEmail(tx, { to: target.email, kind: "two_factor_reset", ...twoFactorResetMail(signIn) });
    return { email: target.email };
  });
}
