import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "../auth/session";
import type { DbOrTx } from "../db/client";
import { clients, user } from "../db/schema";

export type AccountSecurity = { twoFactorEnabled: boolean; twoFactorRequired: boolean };

/**
 * The signed-in user's own security state for Settings / Account: whether two-factor is on, and
 * whether their role or company requires it (docs/PRODUCT.md#sign-in-two-factor).
 */
export async function getAccountSecurity(db: DbOrTx, { actor }: { actor: Actor }): Promise<AccountSecurity> {
  // One query: the user and, for a client, its company's requirement.
  const [row] = await db
    .select({ twoFactorEnabled: user.twoFactorEnabled, companyRequires: clients.requireTwoFactor })
    .from(user)
    .leftJoin(clients, eq(clients.userId, user.id))
    .where(eq(user.id, actor.userId))
    .limit(1);
  const required = actor.role === "admin" || row?.companyRequires === true;
  return { twoFactorEnabled: row?.twoFactorEnabled === true, twoFactorRequired: required };
}
