import "server-only";
import { eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import type { ClientPersonRole, ClientPersonStatus } from "@/lib/domain/client-person";
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
