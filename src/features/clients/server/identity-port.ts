import "server-only";
import { and, asc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import type { ClientsPort } from "@/features/identity/server";
import { clientTwoFactorPolicySql } from "@/features/settings/server";
import { findCompany } from "./company-refs";
import { clientPeople, clients } from "./schema";

// What identity's guards and sign-in read of a client's company (identity's ClientsPort, handed over
// at start: src/identity-ports.ts). Identity embeds the SQL in its own statements: the session read
// stays one query. Each column is wrapped in an outer sql`` so it stays qualified in a one-source select.
const column = <T>(inner: SQLWrapper) => sql<T>`${sql`${inner}`}`;

export const clientsIdentityPort: ClientsPort = {
  membership: {
    from: sql`(${clientPeople} inner join ${clients} on ${clients.id} = ${clientPeople.clientId})`,
    on: (userId: SQLWrapper): SQL => sql`${clientPeople.userId} = ${userId}`,
    columns: {
      clientId: column(clients.id),
      company: column(clients.company),
      status: column(clients.status),
      requireTwoFactor: column(sql`(${clients.requireTwoFactor} or ${clientTwoFactorPolicySql})`),
      billingWithheldFromMembers: column(clients.billingWithheldFromMembers),
      reportsWithheldFromMembers: column(clients.reportsWithheldFromMembers),
      findingsWithheldFromMembers: column(clients.findingsWithheldFromMembers),
      personRole: column(clientPeople.role),
      personStatus: column(clientPeople.status),
    },
  },
  companyOwners: {
    from: sql`(${clients} left join ${clientPeople} on ${and(eq(clientPeople.clientId, clients.id), eq(clientPeople.role, "owner"))})`,
    where: (clientId: string) => sql`${eq(clients.id, clientId)}`,
    orderBy: sql`${asc(clientPeople.createdAt)}`,
    columns: { clientId: column(clients.id), company: column(clients.company), ownerUserId: column(clientPeople.userId) },
  },
  companyOf: findCompany,
  async activateInvitedPerson(db: DbOrTx, userId: string): Promise<void> {
    await db
      .update(clientPeople)
      .set({ status: "active" })
      .where(and(eq(clientPeople.userId, userId), eq(clientPeople.status, "invited")));
  },
  async admitSsoNewcomer(db: DbOrTx, { userId, clientId }: { userId: string; clientId: string }): Promise<void> {
    await db
      .insert(clientPeople)
      .values({ userId, clientId, role: "member", status: "active", joinedThroughSso: true })
      .onConflictDoNothing();
  },
};
