import "server-only";
import { definePorts } from "@/server/core/ports";
import type { SQL, SQLWrapper } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import type { ClientPersonRole, ClientPersonStatus } from "@/lib/domain/client-person";
import type { SsoMode } from "@/lib/domain/sso";

// Identity sits below the slices that own a client's company (clients, with the firm's policy from
// settings) and its single sign-on (sso): it names none of their tables. What its guards and its
// sign-in plugins read of them comes through these ports, which those slices fill and the app hands
// over at start (src/identity-ports.ts, from src/instrumentation.ts; the integration tests' setup).
// The SQL ones are embedded in identity's own statements, so no guard reads more.

/** A user's company as the client guard reads it, in the session read's one statement. */
export type MembershipColumns = {
  clientId: SQL<string | null>;
  company: SQL<string | null>;
  status: SQL<string | null>;
  /** The company's own switch or the firm-wide policy (Settings → Security policy). */
  requireTwoFactor: SQL<boolean | null>;
  billingWithheldFromMembers: SQL<boolean | null>;
  reportsWithheldFromMembers: SQL<boolean | null>;
  findingsWithheldFromMembers: SQL<boolean | null>;
  personRole: SQL<ClientPersonRole | null>;
  personStatus: SQL<ClientPersonStatus | null>;
};

export type ClientsPort = {
  /** The people joined with their companies: `from` is joined (or selected from) on `on(userId)`. */
  membership: { from: SQL; on: (userId: SQLWrapper) => SQL; columns: MembershipColumns };
  /** A company with its owners, first owner first: `from` read `where(clientId)` `orderBy`. */
  companyOwners: {
    from: SQL;
    where: (clientId: string) => SQL;
    orderBy: SQL;
    columns: { clientId: SQL<string>; company: SQL<string>; ownerUserId: SQL<string | null> };
  };
  /** The company's id and name, or null when there is no such client. */
  companyOf: (db: DbOrTx, clientId: string) => Promise<{ id: string; company: string } | null>;
  /** A person who set their password through the invitation is active from then on. */
  activateInvitedPerson: (db: DbOrTx, userId: string) => Promise<void>;
  /** A newcomer let in by the company's provider (just-in-time) becomes a member, marked as joined that way. */
  admitSsoNewcomer: (db: DbOrTx, person: { userId: string; clientId: string }) => Promise<void>;
};

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

export type SsoPort = {
  /** The facts of the company whose provider this is, or null when there is none. */
  companyFacts: (db: DbOrTx, providerId: string) => Promise<SsoCompanyFacts | null>;
  /** Whether this address must sign in through its company's identity provider (sso's password policy). */
  passwordRefused: (db: DbOrTx, email: string) => Promise<boolean>;
  /** The active company whose verified domain this is, its mode and provider, or null. */
  companyOfDomain: (db: DbOrTx, domain: string) => Promise<{ clientId: string; mode: SsoMode; providerId: string } | null>;
  /** The issuer stored for this provider, or null. */
  issuerOf: (db: DbOrTx, providerId: string) => Promise<string | null>;
  /** The company's provider id, or null when it has none. */
  providerOf: (db: DbOrTx, clientId: string) => Promise<string | null>;
  /** The company's provider ids, as a subquery the caller's statement embeds (`in (…)`). */
  providerIdsSql: (clientId: SQLWrapper) => SQL;
  /** An owner's test sign-in went through: the company may now switch single sign-on on. */
  recordTestPassed: (db: DbOrTx, test: { clientId: string; testedAt: Date; testedByName: string; testedAs: string }) => Promise<void>;
};

export type IdentityPorts = { clients: ClientsPort; sso: SsoPort };

const ports = definePorts<IdentityPorts>("identity");
/** Hands identity its ports: once at start (src/instrumentation.ts) and in the integration tests' setup. */
export const provideIdentityPorts = ports.provide;
/** The ports handed over at start; throws when none were (a start that skipped the wiring). */
export const identityPorts = ports.get;
