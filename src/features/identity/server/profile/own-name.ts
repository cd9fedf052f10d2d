import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { user } from "@/features/identity/server/schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";

/**
 * The person's own name (docs/PRODUCT.md#portal-settings), for either role: greetings, "Requested
 * by", timelines and mails name them by it. A viewing admin changes nothing (the portal is read only).
 */
export async function updateOwnName(db: DbOrTx, { actor, name }: { actor: Actor; name: string }): Promise<{ name: string }> {
  if (actor.role === "client" && actor.viewer)
    throw new AppError("forbidden", "Read-only view: changes cannot be made while viewing a client's portal.");
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ name: user.name }).from(user).where(eq(user.id, actor.userId)).limit(1);
    if (!before) throw new AppError("not_found", "User not found");
    await tx.update(user).set({ name }).where(eq(user.id, actor.userId));
    await recordAudit(tx, {
      actor,
      action: "account.name_changed",
      entityType: "user",
      entityId: actor.userId,
      clientId: actor.role === "client" ? actor.clientId : null,
      before,
      after: { name },
    });
    return { name };
  });
}
