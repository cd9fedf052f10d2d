import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/core/db/client";
import { passkey, session } from "../schema";
import { recordAudit } from "@/features/audit/server";
import { mailAuthenticatorChange } from "../second-factor/authenticator-mail";

export const PASSKEY_SIGN_IN_PATH = "/passkey/verify-authentication";
export const PASSKEY_REGISTER_PATH = "/passkey/verify-registration";
/** What session.sign_in_method holds for a passkey sign-in. */
export const PASSKEY_METHOD = "passkey";

/**
 * After a passkey sign-in made a session (../README.md, "Passkeys"): the session is marked as
 * a passkey one, which the two-factor policy accepts (the authenticator itself verified the user);
 * the passkey's last use is stamped; the sign-in is audited. The credential is looked up under the
 * session's user, so a response naming someone else's credential stamps nothing.
 */
export async function notePasskeySignIn(db: Db, made: { userId: string; sessionToken: string; credentialId: unknown }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(session).set({ signInMethod: PASSKEY_METHOD }).where(eq(session.token, made.sessionToken));
    if (typeof made.credentialId === "string") {
      await tx
        .update(passkey)
        .set({ lastUsedAt: new Date() })
        .where(and(eq(passkey.credentialID, made.credentialId), eq(passkey.userId, made.userId)));
    }
    await recordAudit(tx, { actor: { userId: made.userId }, action: "account.passkey_sign_in", entityType: "user", entityId: made.userId });
  });
}

/** After the plugin stored a new passkey for the signed-in user: audited, and its person mailed. */
export async function notePasskeyAdded(
  db: Db,
  added: { userId: string; passkeyId: string; name: string | null; headers?: Headers },
): Promise<void> {
  await db.transaction(async (tx) => {
    await recordAudit(tx, {
      actor: { userId: added.userId },
      action: "account.passkey_added",
      entityType: "passkey",
      entityId: added.passkeyId,
      after: { name: added.name },
    });
    const change = { kind: "passkey_added", name: added.name || "Passkey" } as const;
    await mailAuthenticatorChange(tx, { userId: added.userId, change, headers: added.headers });
  });
}
