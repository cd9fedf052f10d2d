import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { clientPeople, clients, session } from "@/server/core/db/schema";
import { clientTwoFactorPolicySql } from "@/server/modules/settings";
import type { ClientPersonRole, ClientPersonStatus } from "@/lib/domain/client-person";

// Session → person → company: the one lookup behind every client guard and the client sign-in
// (docs/PRODUCT.md#portal-team). A user is a person of at most one company.

export type ClientMembership = {
  clientId: string;
  company: string;
  companyActive: boolean;
  requireTwoFactor: boolean;
  billingWithheldFromMembers: boolean;
  personRole: ClientPersonRole;
  personStatus: ClientPersonStatus;
};

export async function clientMembershipOf(db: DbOrTx, userId: string): Promise<ClientMembership | null> {
  const [row] = await db
    .select({
      clientId: clients.id,
      company: clients.company,
      status: clients.status,
      // The company's own switch or the firm-wide policy (Settings → Security policy).
      requireTwoFactor: sql<boolean>`(${clients.requireTwoFactor} or ${clientTwoFactorPolicySql})`,
      billingWithheldFromMembers: clients.billingWithheldFromMembers,
      personRole: clientPeople.role,
      personStatus: clientPeople.status,
    })
    .from(clientPeople)
    .innerJoin(clients, eq(clients.id, clientPeople.clientId))
    .where(eq(clientPeople.userId, userId))
    .limit(1);
  if (!row) return null;
  const { status, ...rest } = row;
  return { ...rest, companyActive: status === "active" };
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
  await db
    .update(clientPeople)
    .set({ status: "active" })
    .where(and(eq(clientPeople.userId, userId), eq(clientPeople.status, "invited")));
}

/** Ends every session of these users at once (a removed person, a deactivated company). */
export async function endSessionsOf(db: DbOrTx, userIds: string[]): Promise<void> {
  for (const userId of userIds) await db.delete(session).where(eq(session.userId, userId));
}
