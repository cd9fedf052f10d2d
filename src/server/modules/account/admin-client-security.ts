import "server-only";
import { eq } from "drizzle-orm";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { lockRowById } from "@/server/core/db/lock-row";
import { clients, user } from "@/server/core/db/schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/server/modules/audit";
import { resetUserTwoFactor } from "./two-factor-reset";

// The two-factor controls on the admin's client row (docs/PRODUCT.md#account-security).

/**
 * The "Require two-factor" switch: when on, the client's users without two-factor reach only the
 * enrolment until they set it up (enforced in requireClient).
 */
export async function setClientTwoFactorRequirement(
  db: DbOrTx,
  { actor, clientId, required }: { actor: AdminActor; clientId: string; required: boolean },
) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const before = await lockRowById(tx, clients, clientId, "Client not found", { required: clients.requireTwoFactor });
    if (before.required !== required) {
      await tx.update(clients).set({ requireTwoFactor: required }).where(eq(clients.id, clientId));
      await recordAudit(tx, {
        actor,
        action: "client.two_factor_requirement",
        entityType: "client",
        entityId: clientId,
        before: { required: before.required },
        after: { required },
      });
    }
    return { required };
  });
}

/**
 * Resets the two-factor of the client's user: secret and backup codes gone, every session signed
 * out, audited and mailed (resetUserTwoFactor, one transaction).
 */
export async function resetClientTwoFactor(db: Db, { actor, clientId }: { actor: AdminActor; clientId: string }) {
  assertAdmin(actor);
  const [row] = await db
    .select({ userId: clients.userId, enabled: user.twoFactorEnabled })
    .from(clients)
    .innerJoin(user, eq(user.id, clients.userId))
    .where(eq(clients.id, clientId))
    .limit(1);
  if (!row) throw new AppError("not_found", "Client not found");
  if (!row.enabled) throw new AppError("conflict", "This client's user has no two-factor sign-in to reset.");
  await resetUserTwoFactor(db, { userId: row.userId, actorUserId: actor.userId });
  return { reset: true as const };
}
