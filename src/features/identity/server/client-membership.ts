import "server-only";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { session } from "./schema";
import { identityPorts } from "./ports";
import type { ClientPersonRole, ClientPersonStatus } from "@/lib/domain/client-person";

// Session → person → company: the one lookup behind every client guard and the client sign-in
// (docs/PRODUCT.md#portal-team). A user is a person of at most one company.

export type ClientMembership = {
  clientId: string;
  company: string;
  companyActive: boolean;
  requireTwoFactor: boolean;
  billingWithheldFromMembers: boolean;
  reportsWithheldFromMembers: boolean;
  findingsWithheldFromMembers: boolean;
  personRole: ClientPersonRole;
  personStatus: ClientPersonStatus;
};

/** A row of the membership's columns (ports.ts), each column null when a left join found no company. */
type MembershipRow = {
  clientId: string | null;
  company: string | null;
  status: string | null;
  requireTwoFactor: boolean | null;
  billingWithheldFromMembers: boolean | null;
  reportsWithheldFromMembers: boolean | null;
  findingsWithheldFromMembers: boolean | null;
  personRole: ClientPersonRole | null;
  personStatus: ClientPersonStatus | null;
};

/** A row of the membership's columns as a membership (null when the user is a person of no company). */
export function membershipFromRow(row: MembershipRow | undefined): ClientMembership | null {
  if (!row || row.clientId === null || row.personRole === null || row.personStatus === null) return null;
  return {
    clientId: row.clientId,
    company: row.company ?? "",
    companyActive: row.status === "active",
    requireTwoFactor: row.requireTwoFactor === true,
    billingWithheldFromMembers: row.billingWithheldFromMembers === true,
    reportsWithheldFromMembers: row.reportsWithheldFromMembers === true,
    findingsWithheldFromMembers: row.findingsWithheldFromMembers === true,
    personRole: row.personRole,
    personStatus: row.personStatus,
  };
}

export async function clientMembershipOf(db: DbOrTx, userId: string): Promise<ClientMembership | null> {
  const { membership } = (await identityPorts()).clients;
  const [row] = await db
    .select(membership.columns)
    .from(membership.from)
    .where(membership.on(sql`${userId}`))
    .limit(1);
  return membershipFromRow(row);
}

export const INACTIVE_COMPANY_MESSAGE = "This client account is inactive. Please contact us to reactivate it.";
export const REMOVED_PERSON_MESSAGE = "Your access to this client account has been removed. Please ask its owner.";

/** Why this membership may not sign in or act, or null when it may. */
export function membershipRefusal(m: ClientMembership | null): string | null {
  if (!m) return "Client account not found";
  if (!m.companyActive) return INACTIVE_COMPANY_MESSAGE;
  if (m.personStatus === "deactivated") return REMOVED_PERSON_MESSAGE;
  return null;
}

/** A person who set their password through the invitation is active from then on. */
export async function activateInvitedPerson(db: DbOrTx, userId: string): Promise<void> {
  await (await identityPorts()).clients.activateInvitedPerson(db, userId);
}

/** Ends every session of these users at once (a removed person, a deactivated company). */
export async function endSessionsOf(db: DbOrTx, userIds: string[]): Promise<void> {
  for (const userId of userIds) await db.delete(session).where(eq(session.userId, userId));
}
