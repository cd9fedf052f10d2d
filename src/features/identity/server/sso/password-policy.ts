import "server-only";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { clientPeople, ssoDomains, ssoSettings, user } from "@/server/core/db/schema";

/**
 * Whether this address must sign in through its company's identity provider: an address of a
 * domain verified by a company whose single sign-on is required, unless it is one of that company's
 * owners, who keep their password and second factor as the way back in (break-glass). Decided by
 * the domain, not by whether the account exists, so the answer tells a stranger nothing about who
 * has an account (only owners are told apart, by reaching the password check).
 */
export async function passwordRefusedBySso(db: DbOrTx, email: string): Promise<boolean> {
  const address = email.trim().toLowerCase();
  const domain = address.slice(address.lastIndexOf("@") + 1);
  if (!domain) return false;
  const owner = db
    .select({ one: sql`1` })
    .from(user)
    .innerJoin(clientPeople, eq(clientPeople.userId, user.id))
    .where(and(eq(user.email, address), eq(clientPeople.clientId, ssoDomains.clientId), eq(clientPeople.role, "owner")));
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(ssoDomains)
    .innerJoin(ssoSettings, and(eq(ssoSettings.clientId, ssoDomains.clientId), eq(ssoSettings.mode, "required")))
    .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt), sql`not exists (${owner})`))
    .limit(1);
  return row !== undefined;
}
