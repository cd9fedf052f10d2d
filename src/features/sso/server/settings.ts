import "server-only";
import { and, eq, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { ssoDomains, ssoProvider, ssoSettings } from "@/server/core/db/schema";
import { AppError } from "@/server/core/errors";
import { DEFAULT_SSO_SESSION_HOURS, type SsoMode } from "@/lib/domain/sso";
import { listSsoDomains, type SsoActor, type SsoDomainView } from "./domains";
import { oidcProviderView, type OidcProviderView, redirectUriOf } from "./oidc-provider";

export type SsoSettingsView = {
  domains: SsoDomainView[];
  provider: OidcProviderView | null;
  mode: SsoMode;
  justInTime: boolean;
  sessionHours: number;
  tested: { at: Date; byName: string; as: string | null } | null;
  /** What the owners register with their provider as its redirect URI. */
  redirectUri: string;
};

/** The Single sign-on card's data (owners only: the caller checks). */
export async function loadSsoSettings(db: DbOrTx, clientId: string): Promise<SsoSettingsView> {
  const [domains, provider, [settings]] = await Promise.all([
    listSsoDomains(db, clientId),
    oidcProviderView(db, clientId),
    db.select().from(ssoSettings).where(eq(ssoSettings.clientId, clientId)).limit(1),
  ]);
  return {
    domains,
    provider,
    mode: settings?.mode ?? "off",
    justInTime: settings?.justInTime ?? false,
    sessionHours: settings?.sessionHours ?? DEFAULT_SSO_SESSION_HOURS,
    tested: settings?.testedAt ? { at: settings.testedAt, byName: settings.testedByName ?? "An owner", as: settings.testedAs } : null,
    redirectUri: redirectUriOf(clientId),
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
