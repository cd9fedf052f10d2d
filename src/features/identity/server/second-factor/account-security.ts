import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Actor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { clientPeople, clients } from "@/features/clients/server/schema";
import { user } from "@/features/identity/server/schema";
import { clientTwoFactorPolicySql } from "../two-factor-policy";
import { demoExemptionInUse } from "../sessions/session";

/**
 * `twoFactorRequired`: the role or the company requires it and nothing exempts the user;
 * `demoExempt`: the demo admin without two-factor, whom the demo data set exempts.
 */
export type AccountSecurity = { twoFactorEnabled: boolean; twoFactorRequired: boolean; demoExempt: boolean };

/**
 * The signed-in user's own security state for Settings / Account: whether two-factor is on, and
 * whether their role or company requires it, or the demo data exempts them (docs/PRODUCT.md#sign-in-two-factor).
 */
export async function getAccountSecurity(db: DbOrTx, { actor }: { actor: Actor }): Promise<AccountSecurity> {
  // One query: the user and, for a client, its company's requirement.
  const [row] = await db
    .select({
      twoFactorEnabled: user.twoFactorEnabled,
      companyRequires: sql<boolean>`(${clients.id} is not null and (${clients.requireTwoFactor} or ${clientTwoFactorPolicySql}))`,
    })
    .from(user)
    .leftJoin(clientPeople, eq(clientPeople.userId, user.id))
    .leftJoin(clients, eq(clients.id, clientPeople.clientId))
    .where(eq(user.id, actor.userId))
    .limit(1);
  const enabled = row?.twoFactorEnabled === true;
  const demoExempt = demoExemptionInUse({ role: actor.role, twoFactorEnabled: enabled, email: actor.email });
  const required = (actor.role === "admin" || row?.companyRequires === true) && !demoExempt;
  return { twoFactorEnabled: enabled, twoFactorRequired: required, demoExempt };
}
