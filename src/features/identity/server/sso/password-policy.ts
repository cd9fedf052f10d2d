import "server-only";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { clientPeople, ssoDomains, ssoSettings, user } from "@/server/core/db/schema";

/**
 * Whether this address must sign in through its company's identity provider: a person other than
 * an owner, of a company whose single sign-on is required, at a domain that company verified.
 * Owners keep their password and second factor as the way back in (break-glass).
 */
export async function passwordRefusedBySso(db: DbOrTx, email: string): Promise<boolean> {
  const address = email.trim().toLowerCase();
  const domain = address.slice(address.lastIndexOf("@") + 1);
  if (!domain) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(user)
    .innerJoin(clientPeople, eq(clientPeople.userId, user.id))
    .innerJoin(ssoSettings, and(eq(ssoSettings.clientId, clientPeople.clientId), eq(ssoSettings.mode, "required")))
    .innerJoin(
      ssoDomains,
      and(eq(ssoDomains.clientId, clientPeople.clientId), eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)),
    )
    .where(and(eq(user.email, address), sql`${clientPeople.role} <> 'owner'`))
    .limit(1);
  return row !== undefined;
}
