import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { lockRowById } from "@/server/core/db/lock-row";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { resetUserTwoFactor, userFacts } from "@/features/identity/server";
import { clientPeople, clients } from "./schema";

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
 * Resets the two-factor of one person of the client (`userId`; without it, the company's first
 * owner): secret and backup codes gone, every session signed out, audited and mailed
 * (resetUserTwoFactor, one transaction).
 */
export async function resetClientTwoFactor(db: Db, { actor, clientId, userId }: { actor: AdminActor; clientId: string; userId?: string }) {
  assertAdmin(actor);
  const users = userFacts(db);
  const [row] = await db
    .select({ userId: clientPeople.userId, enabled: users.twoFactorEnabled })
    .from(clientPeople)
    .innerJoin(users, eq(users.userId, clientPeople.userId))
    .where(and(eq(clientPeople.clientId, clientId), userId ? eq(clientPeople.userId, userId) : eq(clientPeople.role, "owner")))
    .orderBy(asc(clientPeople.createdAt))
    .limit(1);
  if (!row) throw new AppError("not_found", "Client not found");
  if (!row.enabled) throw new AppError("conflict", "This person has no two-factor sign-in to reset.");
  await resetUserTwoFactor(db, { userId: row.userId, actorUserId: actor.userId });
  return { reset: true as const };
}
