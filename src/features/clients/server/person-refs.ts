import "server-only";
import { type Column, eq, getTableName, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import type { ClientPersonRole, ClientPersonStatus } from "@/lib/domain/client-person";
import type { HolderStanding } from "@/server/core/db/link-holder";
import { userRoleSql } from "@/features/identity/server";
import { clientPeople } from "./schema";

// A company's people as single sign-on judges them (modules/sso): SQL its statement embeds, and the list.
const wrapped = <T>(inner: SQL) => sql<T>`${inner}`;

/** The role of `userId` among the people of the company `clientId` (columns or values of the caller); null when not one of them. */
export const personRoleSql = (userId: SQLWrapper, clientId: SQLWrapper) =>
  wrapped<ClientPersonRole | null>(
    sql`(select ${clientPeople.role} from ${clientPeople} where ${clientPeople.userId} = ${userId} and ${clientPeople.clientId} = ${clientId})`,
  );

/** Every person of the company, with their role and status. */
export async function peopleOf(
  db: DbOrTx,
  clientId: string,
): Promise<{ userId: string; role: ClientPersonRole; status: ClientPersonStatus }[]> {
  return db
    .select({ userId: clientPeople.userId, role: clientPeople.role, status: clientPeople.status })
    .from(clientPeople)
    .where(eq(clientPeople.clientId, clientId));
}

/** A column always named with its table: Drizzle leaves names bare in a one-table select, where a subquery would take them for its own. */
const qualified = (column: Column) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * The standing, now, of the person a signed download link was made for, towards the company
 * `clientId` owning the file (docs/PRODUCT.md#portal-documents): an admin is the firm; a person of
 * that company counts only while active in an active company. A person removed or deactivated
 * since, a company closed since, or a user gone (their person row goes with them) gives null: the
 * link answers like an expired one. Scalar subqueries, so the file's own select stays one statement.
 */
export function holderStanding(userId: string | Column, clientId: Column): SQL<HolderStanding> {
  const holder = typeof userId === "string" ? sql`${userId}` : qualified(userId);
  return sql<HolderStanding>`(case when ${userRoleSql(holder)} = 'admin' then 'firm'
    when exists (select 1 from client_people hp join clients hc on hc.id = hp.client_id
      where hp.user_id = ${holder} and hp.status = 'active' and hc.status = 'active' and hp.client_id = ${qualified(clientId)}) then 'client' end)`;
}
