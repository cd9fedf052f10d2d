import "server-only";
import { and, count, desc, eq, ne } from "drizzle-orm";
import type { Actor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { passkey, session, user } from "@/features/identity/server/schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { confirmFreshSecondFactor } from "../second-factor/fresh-second-factor";
import { mailAuthenticatorChange } from "../second-factor/authenticator-mail";
import { currentSessionId } from "../sessions/session";

// The signed-in user's own passkeys (docs/PRODUCT.md#passkeys). Every query is scoped by the
// actor's user id: someone else's passkey id answers like an unknown one.

/** `needsConfirmation`: on hold since a two-factor reset, signs nobody in until confirmed. */
export type AccountPasskey = { id: string; name: string; createdAt: string; lastUsedAt: string | null; needsConfirmation: boolean };

const NOT_FOUND = "That passkey is not registered any more.";

export async function listOwnPasskeys(db: DbOrTx, { actor }: { actor: Actor }): Promise<AccountPasskey[]> {
  const rows = await db
    .select({
      id: passkey.id,
      name: passkey.name,
      createdAt: passkey.createdAt,
      lastUsedAt: passkey.lastUsedAt,
      needsConfirmation: passkey.needsConfirmation,
    })
    .from(passkey)
    .where(eq(passkey.userId, actor.userId))
    .orderBy(desc(passkey.createdAt), desc(passkey.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name || "Passkey",
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    needsConfirmation: row.needsConfirmation,
  }));
}

export async function renameOwnPasskey(db: DbOrTx, { actor, passkeyId, name }: { actor: Actor; passkeyId: string; name: string }) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: passkey.name })
      .from(passkey)
      .where(and(eq(passkey.id, passkeyId), eq(passkey.userId, actor.userId)))
      .limit(1);
    if (!before) throw new AppError("not_found", NOT_FOUND);
    await tx
      .update(passkey)
      .set({ name })
      .where(and(eq(passkey.id, passkeyId), eq(passkey.userId, actor.userId)));
    await recordAudit(tx, {
      actor,
      action: "account.passkey_renamed",
      entityType: "passkey",
      entityId: passkeyId,
      before: { name: before.name },
      after: { name },
    });
    return { id: passkeyId, name };
  });
}

/**
 * Removing a passkey is an authenticator change: the session must be fresh (a second factor, or the
 * password for a person with none, proved in the last five minutes), and the person is mailed.
 * Removing the last second factor (no passkey left, no authenticator app) is like turning
 * two-factor off: every other session ends, and this one no longer counts as two-factor, so an
 * admin (or a person whose company requires it) sets up a factor again before going on
 * (docs/PRODUCT.md#passkeys).
 */
export async function removeOwnPasskey(db: DbOrTx, { actor, passkeyId, headers }: { actor: Actor; passkeyId: string; headers: Headers }) {
  // Someone else's (or no) passkey answers as before, without asking for a proof first.
  const [own] = await db
    .select({ id: passkey.id })
    .from(passkey)
    .where(and(eq(passkey.id, passkeyId), eq(passkey.userId, actor.userId)))
    .limit(1);
  if (!own) throw new AppError("not_found", NOT_FOUND);
  await confirmFreshSecondFactor(db, headers, {});
  const thisSession = await currentSessionId(headers);
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkey)
      .where(and(eq(passkey.id, passkeyId), eq(passkey.userId, actor.userId)))
      .returning({ id: passkey.id, name: passkey.name });
    if (!removed) throw new AppError("not_found", NOT_FOUND);
    const [left] = await tx.select({ n: count() }).from(passkey).where(eq(passkey.userId, actor.userId));
    const [owner] = await tx.select({ totp: user.twoFactorEnabled }).from(user).where(eq(user.id, actor.userId));
    const lastFactor = (left?.n ?? 0) === 0 && !owner?.totp;
    let otherSessionsEnded = 0;
    if (lastFactor) {
      const ended = await tx
        .delete(session)
        .where(and(eq(session.userId, actor.userId), ne(session.id, thisSession)))
        .returning({ id: session.id });
      otherSessionsEnded = ended.length;
      await tx.update(session).set({ secondFactorMethod: null, secondFactorAt: null }).where(eq(session.id, thisSession));
    }
    await recordAudit(tx, {
      actor,
      action: "account.passkey_removed",
      entityType: "passkey",
      entityId: removed.id,
      before: { name: removed.name },
      ...(lastFactor ? { after: { lastSecondFactor: true, otherSessionsEnded } } : {}),
    });
    await mailAuthenticatorChange(tx, {
      userId: actor.userId,
      change: { kind: "passkey_removed", name: removed.name || "Passkey" },
      headers,
    });
    return { removed: 1 };
  });
}

/**
 * Takes a passkey off hold after a two-factor reset. The caller has checked the current password
 * (src/features/identity/server/passkeys/confirmation.ts): whoever asked for the reset may not be the owner.
 */
export async function confirmOwnPasskey(db: DbOrTx, { actor, passkeyId }: { actor: Actor; passkeyId: string }) {
  return db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(passkey)
      .set({ needsConfirmation: false })
      .where(and(eq(passkey.id, passkeyId), eq(passkey.userId, actor.userId)))
      .returning({ id: passkey.id, name: passkey.name });
    if (!confirmed) throw new AppError("not_found", NOT_FOUND);
    await recordAudit(tx, {
      actor,
      action: "account.passkey_confirmed",
      entityType: "passkey",
      entityId: confirmed.id,
      after: { name: confirmed.name },
    });
    return { id: confirmed.id };
  });
}
