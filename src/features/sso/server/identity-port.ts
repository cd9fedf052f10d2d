import "server-only";
import { and, eq, isNotNull, sql, type SQLWrapper } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { companyFacts, peopleOf } from "@/features/clients/server";
import type { SsoPort } from "@/features/identity/server";
import { DEFAULT_SSO_SESSION_HOURS } from "@/lib/domain/sso";
import { passwordRefusedBySso } from "./password-policy";
import { ssoDomains, ssoProvider, ssoSettings } from "./schema";

// What identity's sign-in reads of a company's single sign-on (identity's SsoPort, handed over at
// start: src/identity-ports.ts): the SSO plugin's policy and the flows' starts.

const ssoCompanyFacts: SsoPort["companyFacts"] = async (db: DbOrTx, providerId: string) => {
  const companies = companyFacts(db);
  const [company] = await db
    .select({
      clientId: ssoProvider.clientId,
      companyName: companies.company,
      status: companies.status,
      mode: ssoSettings.mode,
      justInTime: ssoSettings.justInTime,
      sessionHours: ssoSettings.sessionHours,
      testedAt: ssoSettings.testedAt,
    })
    .from(ssoProvider)
    .innerJoin(companies, eq(companies.clientId, ssoProvider.clientId))
    .leftJoin(ssoSettings, eq(ssoSettings.clientId, ssoProvider.clientId))
    .where(eq(ssoProvider.providerId, providerId))
    .limit(1);
  if (!company) return null;
  const [domains, people] = await Promise.all([
    db
      .select({ domain: ssoDomains.domain })
      .from(ssoDomains)
      .where(and(eq(ssoDomains.clientId, company.clientId), isNotNull(ssoDomains.verifiedAt))),
    peopleOf(db, company.clientId),
  ]);
  return {
    clientId: company.clientId,
    companyName: company.companyName,
    companyActive: company.status === "active",
    mode: company.mode ?? "off",
    justInTime: company.justInTime ?? false,
    sessionHours: company.sessionHours ?? DEFAULT_SSO_SESSION_HOURS,
    tested: company.testedAt !== null,
    verifiedDomains: domains.map((d) => d.domain),
    people: Object.fromEntries(people.map((p) => [p.userId, { role: p.role, status: p.status }])),
  };
};

export const ssoIdentityPort: SsoPort = {
  companyFacts: ssoCompanyFacts,
  passwordRefused: passwordRefusedBySso,
  async companyOfDomain(db, domain) {
    const companies = companyFacts(db);
    const [row] = await db
      .select({ clientId: ssoDomains.clientId, mode: ssoSettings.mode, providerId: ssoProvider.providerId })
      .from(ssoDomains)
      .innerJoin(companies, and(eq(companies.clientId, ssoDomains.clientId), eq(companies.status, "active")))
      .innerJoin(ssoSettings, eq(ssoSettings.clientId, ssoDomains.clientId))
      .innerJoin(ssoProvider, eq(ssoProvider.clientId, ssoDomains.clientId))
      .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)))
      .limit(1);
    return row ?? null;
  },
  async issuerOf(db, providerId) {
    const [row] = await db.select({ issuer: ssoProvider.issuer }).from(ssoProvider).where(eq(ssoProvider.providerId, providerId)).limit(1);
    return row?.issuer ?? null;
  },
  async providerOf(db, clientId) {
    const [row] = await db
      .select({ providerId: ssoProvider.providerId })
      .from(ssoProvider)
      .where(eq(ssoProvider.clientId, clientId))
      .limit(1);
    return row?.providerId ?? null;
  },
  providerIdsSql: (clientId: SQLWrapper) =>
    sql`(select ${ssoProvider.providerId} from ${ssoProvider} where ${ssoProvider.clientId} = ${clientId})`,
  async recordTestPassed(db, { clientId, ...values }) {
    await db
      .insert(ssoSettings)
      .values({ clientId, ...values })
      .onConflictDoUpdate({ target: ssoSettings.clientId, set: values });
  },
};
