import "server-only";
import { and, eq, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { clientPeople, clients } from "@/features/clients/server/schema";
import { ssoDomains, ssoProvider, ssoSettings } from "@/features/sso/server/schema";
import type { ClientPersonRole, ClientPersonStatus } from "@/lib/domain/client-person";
import { DEFAULT_SSO_SESSION_HOURS, type SsoMode } from "@/lib/domain/sso";

/**
 * What a sign-in through a company's identity provider is judged against, read before better-auth
 * opens its transaction (the resolver runs inside it and may only use the transaction's adapter):
 * the company's policy, its verified domains and its people.
 */
export type SsoCompanyFacts = {
  clientId: string;
  companyName: string;
  companyActive: boolean;
  mode: SsoMode;
  justInTime: boolean;
  sessionHours: number;
  tested: boolean;
  verifiedDomains: string[];
  people: Record<string, { role: ClientPersonRole; status: ClientPersonStatus }>;
};

export async function ssoCompanyFacts(db: DbOrTx, providerId: string): Promise<SsoCompanyFacts | null> {
  const [company] = await db
    .select({
      clientId: ssoProvider.clientId,
      companyName: clients.company,
      status: clients.status,
      mode: ssoSettings.mode,
      justInTime: ssoSettings.justInTime,
      sessionHours: ssoSettings.sessionHours,
      testedAt: ssoSettings.testedAt,
    })
    .from(ssoProvider)
    .innerJoin(clients, eq(clients.id, ssoProvider.clientId))
    .leftJoin(ssoSettings, eq(ssoSettings.clientId, ssoProvider.clientId))
    .where(eq(ssoProvider.providerId, providerId))
    .limit(1);
  if (!company) return null;
  const [domains, people] = await Promise.all([
    db
      .select({ domain: ssoDomains.domain })
      .from(ssoDomains)
      .where(and(eq(ssoDomains.clientId, company.clientId), isNotNull(ssoDomains.verifiedAt))),
    db
      .select({ userId: clientPeople.userId, role: clientPeople.role, status: clientPeople.status })
      .from(clientPeople)
      .where(eq(clientPeople.clientId, company.clientId)),
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
}
