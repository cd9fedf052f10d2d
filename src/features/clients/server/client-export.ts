import "server-only";
import { and, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { userFacts } from "@/features/identity/server";
import type { ClientTotalsSql } from "./admin-clients";
import { clientListSearch, firstOwnerUserId } from "./list-filters";
import { clients } from "./schema";

// The clients list's rows as its CSV export reads them (the exports module pages them and writes the
// file): the list's search, by company, in keyset pages.

export type ClientExportRow = {
  id: string;
  company: string;
  contactPerson: string;
  email: string;
  contactEmail: string;
  phone: string | null;
  status: "active" | "inactive";
  joinedDate: string;
  balanceCents: number;
  invoiceCount: number;
};

const cents = (expression: SQL) => sql<number>`(${expression})::bigint`.mapWith(Number);

/** The ids of the clients the clients list's search `q` matches (all when it is empty). */
export function clientIdsMatching(db: DbOrTx, q: string): Promise<{ clientId: string }[]> {
  return db.select({ clientId: clients.id }).from(clients).where(clientListSearch(q));
}

/** Whether the client whose id `clientId` holds matches the clients list's search `q` (a column of the caller's query). */
export const clientMatchesListSearchSql = (clientId: SQLWrapper, q: string) =>
  sql<boolean>`exists (select 1 from ${clients} where ${clients.id} = ${clientId} and ${clientListSearch(q)})`;

/** One page of the clients export: the clients `q` matches after the cursor, by company then id. */
export function clientExportPage(
  db: DbOrTx,
  { q, after, limit, totals }: { q: string; after: { company: string; id: string } | null; limit: number; totals: ClientTotalsSql },
): Promise<ClientExportRow[]> {
  const users = userFacts(db);
  const figures = totals(clients.id);
  return db
    .select({
      id: clients.id,
      company: clients.company,
      contactPerson: clients.contactPerson,
      email: sql<string>`coalesce(${users.email}, '')`,
      contactEmail: clients.contactEmail,
      phone: clients.phone,
      status: clients.status,
      joinedDate: clients.joinedDate,
      balanceCents: cents(figures.balanceCents),
      invoiceCount: sql<number>`${figures.invoiceCount}`.mapWith(Number),
    })
    .from(clients)
    .leftJoin(users, eq(users.userId, firstOwnerUserId))
    .where(and(clientListSearch(q), after ? sql`(${clients.company}, ${clients.id}) > (${after.company}, ${after.id}::uuid)` : undefined))
    .orderBy(clients.company, clients.id)
    .limit(limit);
}
