import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { passkey, session, twoFactor, user } from "@/features/identity/server/schema";
import { serverEnv } from "@/server/core/env";
import { enqueueEmail } from "@/server/core/mail/outbox";
import { twoFactorResetMail } from "@/server/core/mail/templates";
import { recordAudit } from "@/features/audit/server";
import { revokeTrustedDevices } from "./second-factor";

/**
 * Recovery for a user locked out of two-factor (docs/PRODUCT.md#sign-in-two-factor): removes the
 * secret and backup codes, turns two-factor off, signs every session out, forgets every trusted
 * device, puts every passkey on hold until its owner confirms or removes it (whoever asked for the
 * reset may not be the owner), and records and mails it, all in one transaction. `actorUserId` is the admin who did it, or null for the server CLI.
 */
export async function resetUserTwoFactor(
  db: DbOrTx,
  { userId, actorUserId }: { userId: string; actorUserId: string | null },
): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .update(user)
      .set({ twoFactorEnabled: false })
      .where(eq(user.id, userId))
      .returning({ email: user.email, role: user.role });
    if (!target) throw new Error("user not found");
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await tx.delete(session).where(eq(session.userId, userId));
    await revokeTrustedDevices(tx, userId);
    const onHold = await tx
      .update(passkey)
      .set({ needsConfirmation: true })
      .where(eq(passkey.userId, userId))
      .returning({ id: passkey.id });
    await recordAudit(tx, {
      actor: actorUserId ? { userId: actorUserId } : null,
      action: "account.two_factor_reset",
      entityType: "user",
      entityId: userId,
      after: { passkeysOnHold: onHold.length },
    });
    const signInUrl = `${serverEnv().appUrl}${target.role === "admin" ? "/admin/login" : "/client-portal"}`;
    await enqueueEmail(tx, {
      to: target.email,
      kind: "two_factor_reset",
      ...(await twoFactorResetMail({ signInUrl, passkeysOnHold: onHold.length })),
    });
    return { email: target.email };
  });
}
