import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Actor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { user } from "@/features/identity/server/schema";
import { identityPorts } from "../ports";
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
  const { membership } = (await identityPorts()).clients;
  const [row] = await db
    .select({
      twoFactorEnabled: user.twoFactorEnabled,
      companyRequires: sql<boolean>`(${membership.columns.clientId} is not null and ${membership.columns.requireTwoFactor})`,
    })
    .from(user)
    .leftJoin(membership.from, membership.on(user.id))
    .where(eq(user.id, actor.userId))
    .limit(1);
  const enabled = row?.twoFactorEnabled === true;
  const demoExempt = demoExemptionInUse({ role: actor.role, twoFactorEnabled: enabled, email: actor.email });
  const required = (actor.role === "admin" || row?.companyRequires === true) && !demoExempt;
  return { twoFactorEnabled: enabled, twoFactorRequired: required, demoExempt };
}
