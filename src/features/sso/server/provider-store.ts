import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { ssoDomains, ssoProvider, ssoSettings } from "./schema";
import type { SsoActor } from "./domains";
import { deleteProviderAccounts } from "@/features/identity/server";

/** The company's provider id, fixed per company: it names the redirect URI and the ACS the owner registers. */
export const providerIdOf = (clientId: string) => `company-${clientId}`;

/**
 * Stores the company's provider (OpenID Connect or SAML, the other's configuration cleared). A new
 * or changed provider must be tested again before single sign-on is (re)switched on, so the mode
 * goes back to off; links made through another issuer do not carry over (subjects are unique per
 * issuer only).
 */
export async function storeProvider(
  db: DbOrTx,
  actor: SsoActor,
  provider: { issuer: string; oidcConfig: string | null; samlConfig: string | null },
): Promise<void> {
  const [current] = await db
    .select({ issuer: ssoProvider.issuer })
    .from(ssoProvider)
    .where(eq(ssoProvider.clientId, actor.clientId))
    .limit(1);
  const [domain] = await db.select({ domain: ssoDomains.domain }).from(ssoDomains).where(eq(ssoDomains.clientId, actor.clientId)).limit(1);
  const id = providerIdOf(actor.clientId);
  const values = { ...provider, userId: actor.userId, domain: domain?.domain ?? "" };
  await db.transaction(async (tx) => {
    if (current && current.issuer !== provider.issuer) await deleteProviderAccounts(tx, id);
    await tx
      .insert(ssoProvider)
      .values({ id, providerId: id, clientId: actor.clientId, ...values })
      .onConflictDoUpdate({ target: ssoProvider.clientId, set: values });
    await tx
      .insert(ssoSettings)
      .values({ clientId: actor.clientId })
      .onConflictDoUpdate({ target: ssoSettings.clientId, set: { mode: "off", testedAt: null, testedByName: null, testedAs: null } });
  });
}
