import "server-only";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { ssoDomains, ssoProvider, ssoSettings } from "./schema";
import { AppError } from "@/server/core/errors";
import { DEFAULT_SSO_SESSION_HOURS, type SsoMode } from "@/lib/domain/sso";
import { domainView, type SsoActor, type SsoDomainView } from "./domains";
import { type OidcProviderView, providerViewOf, redirectUriOf } from "./oidc-provider";
import { acsUrlOf, type SamlProviderView, samlProviderViewOf, spEntityIdOf } from "./saml-provider";
import { companyFacts } from "@/features/clients/server";

export type SsoSettingsView = {
  domains: SsoDomainView[];
  provider: OidcProviderView | SamlProviderView | null;
  mode: SsoMode;
  justInTime: boolean;
  sessionHours: number;
  tested: { at: Date; byName: string; as: string | null } | null;
  /** What the owners register with their provider as its redirect URI (OpenID Connect). */
  redirectUri: string;
  /** What a SAML provider is given of ours. */
  saml: { spEntityId: string; acsUrl: string };
};

type DomainRow = { id: string; domain: string; token: string; verified_at: string | null };

/** The Single sign-on card's data in one statement (owners only: the caller checks). */
export async function loadSsoSettings(db: DbOrTx, clientId: string): Promise<SsoSettingsView> {
  const company = companyFacts(db);
  const [row] = await db
    .select({
      mode: ssoSettings.mode,
      justInTime: ssoSettings.justInTime,
      sessionHours: ssoSettings.sessionHours,
      testedAt: ssoSettings.testedAt,
      testedByName: ssoSettings.testedByName,
      testedAs: ssoSettings.testedAs,
      oidcConfig: ssoProvider.oidcConfig,
      samlConfig: ssoProvider.samlConfig,
      domains: sql<DomainRow[]>`(
        select coalesce(json_agg(json_build_object('id', d.id, 'domain', d.domain, 'token', d.token, 'verified_at', d.verified_at) order by d.domain), '[]')
        from ${ssoDomains} d where d.client_id = ${company.clientId})`,
    })
    .from(company)
    .leftJoin(ssoSettings, eq(ssoSettings.clientId, company.clientId))
    .leftJoin(ssoProvider, eq(ssoProvider.clientId, company.clientId))
    .where(eq(company.clientId, clientId))
    .limit(1);
  return {
    domains: (row?.domains ?? []).map((d) => domainView({ ...d, verifiedAt: d.verified_at ? new Date(d.verified_at) : null })),
    provider: row?.oidcConfig
      ? providerViewOf(clientId, row.oidcConfig)
      : row?.samlConfig
        ? samlProviderViewOf(clientId, row.samlConfig)
        : null,
    mode: row?.mode ?? "off",
    justInTime: row?.justInTime ?? false,
    sessionHours: row?.sessionHours ?? DEFAULT_SSO_SESSION_HOURS,
    tested: row?.testedAt ? { at: row.testedAt, byName: row.testedByName ?? "An owner", as: row.testedAs } : null,
    redirectUri: redirectUriOf(clientId),
    saml: { spEntityId: spEntityIdOf(clientId), acsUrl: acsUrlOf(clientId) },
  };
}

export type SsoPolicyInput = { mode: SsoMode; justInTime: boolean; sessionHours: number };

/**
 * The company's policy. Switching on needs a verified domain, a provider and a passed test sign-in
 * (so a mistyped secret cannot lock the company's people out); owners keep their password whatever
 * the mode.
 */
export async function setSsoPolicy(db: DbOrTx, actor: SsoActor, input: SsoPolicyInput): Promise<void> {
  if (input.mode !== "off") {
    const [[domain], [provider], [settings]] = await Promise.all([
      db
        .select({ id: ssoDomains.id })
        .from(ssoDomains)
        .where(and(eq(ssoDomains.clientId, actor.clientId), isNotNull(ssoDomains.verifiedAt)))
        .limit(1),
      db.select({ id: ssoProvider.id }).from(ssoProvider).where(eq(ssoProvider.clientId, actor.clientId)).limit(1),
      db.select({ testedAt: ssoSettings.testedAt }).from(ssoSettings).where(eq(ssoSettings.clientId, actor.clientId)).limit(1),
    ]);
    const refusal = !domain
      ? "Verify a domain first."
      : !provider
        ? "Set up your identity provider first."
        : !settings?.testedAt
          ? "Run a test sign-in through your identity provider first."
          : null;
    if (refusal) throw new AppError("bad_request", refusal, { fieldErrors: { mode: refusal } });
  }
  const values = { mode: input.mode, justInTime: input.justInTime, sessionHours: input.sessionHours };
  // Postgres checks an insert's CHECKs before its ON CONFLICT: make the row, then change it.
  await db.insert(ssoSettings).values({ clientId: actor.clientId }).onConflictDoNothing();
  await db.update(ssoSettings).set(values).where(eq(ssoSettings.clientId, actor.clientId));
}
