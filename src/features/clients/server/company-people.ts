import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { userFacts } from "@/features/identity/server";
import { clientPeople, clients } from "./schema";

// Whom a company's mails go to, read for the slices that send them (notifications).

/**
 * The people a company's mails go to: its active people (not the invited, not the removed), of
 * active companies only; a member from whom Billing is withheld gets no invoice mails, one from
 * whom the findings are withheld no finding mails (docs/PRODUCT.md#portal-team). The notifications' recipients.
 */
export async function companyPeople(db: DbOrTx, clientIds: string[]) {
  if (clientIds.length === 0) return [];
  return db
    .select({
      clientId: clients.id,
      userId: clientPeople.userId,
      company: clients.company,
      role: clientPeople.role,
      billingWithheld: sql<boolean>`${clientPeople.role} = 'member' and ${clients.billingWithheldFromMembers}`,
      findingsWithheld: sql<boolean>`${clientPeople.role} = 'member' and ${clients.findingsWithheldFromMembers}`,
    })
    .from(clientPeople)
    .innerJoin(clients, eq(clients.id, clientPeople.clientId))
    .where(and(inArray(clients.id, clientIds), eq(clients.status, "active"), eq(clientPeople.status, "active")));
}

/** The active owners of some companies, with their sign-in e-mails (the access log's weekly head goes to them). */
export async function activeOwnerEmails(db: DbOrTx, clientIds: string[]): Promise<{ clientId: string; userId: string; email: string }[]> {
  if (clientIds.length === 0) return [];
  const users = userFacts(db);
  return db
    .select({ clientId: clientPeople.clientId, userId: users.userId, email: users.email })
    .from(clientPeople)
    .innerJoin(users, eq(users.userId, clientPeople.userId))
    .where(and(inArray(clientPeople.clientId, clientIds), eq(clientPeople.role, "owner"), eq(clientPeople.status, "active")));
}

/**
 * A company's active people (not the invited, not the removed) with their names and sign-in e-mails,
 * by name, whatever the company's status: whom a finding's remediation owner may be.
 */
export async function activePeopleOf(db: DbOrTx, clientId: string, { limit = 500 }: { limit?: number } = {}) {
  const users = userFacts(db);
  return db
    .select({ userId: clientPeople.userId, name: users.name, email: users.email })
    .from(clientPeople)
    .innerJoin(users, eq(users.userId, clientPeople.userId))
    .where(and(eq(clientPeople.clientId, clientId), eq(clientPeople.status, "active")))
    .orderBy(asc(users.name), asc(clientPeople.userId))
    .limit(limit);
}

/** The user ids of a company's active people (`owner`: its active owners only), whatever the company's status. */
export async function activePeopleIdsOf(db: DbOrTx, clientId: string, { owners = false }: { owners?: boolean } = {}): Promise<string[]> {
  const rows = await db
    .select({ userId: clientPeople.userId })
    .from(clientPeople)
    .where(
      and(eq(clientPeople.clientId, clientId), owners ? eq(clientPeople.role, "owner") : undefined, eq(clientPeople.status, "active")),
    );
  return rows.map((row) => row.userId);
}
