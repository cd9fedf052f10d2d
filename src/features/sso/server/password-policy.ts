import "server-only";
import { and, eq, isNotNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { personRoleSql } from "@/features/clients/server";
import { userFacts } from "@/features/identity/server";
import { ssoDomains, ssoSettings } from "./schema";

/**
 * Whether this address must sign in through its company's identity provider
 * (docs/PRODUCT.md#single-sign-on): an address of a domain verified by a company whose single
 * sign-on is required, when it is one of that company's own people. An owner of the company keeps
 * the password and second factor as the way back in (break-glass); so do the people of other
 * companies and the firm's admins whose addresses happen to be on that domain: the company's
 * policy is the company's own. An address with no account is refused too, so the answer says
 * nothing about which accounts exist, except that those who keep their password reach the
 * password check (which answers the same for a wrong password as for an unknown address).
 */
export async function passwordRefusedBySso(db: DbOrTx, email: string): Promise<boolean> {
  const address = email.trim().toLowerCase();
  const domain = address.slice(address.lastIndexOf("@") + 1);
  if (!domain) return false;
  // An account here that is not one of the requiring company's people (admins, other companies'
  // people), or is one of its owners.
  const users = userFacts(db);
  const keepsPassword = db
    .select({ one: sql`1` })
    .from(users)
    .where(
      and(
        eq(users.email, address),
        or(eq(users.role, "admin"), sql`coalesce(${personRoleSql(users.userId, ssoDomains.clientId)}, 'owner') = 'owner'`),
      ),
    );
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(ssoDomains)
    .innerJoin(ssoSettings, and(eq(ssoSettings.clientId, ssoDomains.clientId), eq(ssoSettings.mode, "required")))
    .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt), sql`not exists (${keepsPassword})`))
    .limit(1);
  return row !== undefined;
}
