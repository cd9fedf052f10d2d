import "server-only";
import { eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { account, user } from "./schema";

// What other slices ask of a user they hold an id of (an author, an approver, a recipient): SQL their
// own statement embeds, a join becoming a sub-select on the primary key, so no screen reads more.
// Each fragment is wrapped in an outer sql`` so its columns are never top-level chunks: drizzle
// leaves those unqualified in a one-table select, where a bare column name may name the wrong table.
const wrapped = <T>(inner: SQL) => sql<T>`${inner}`;

/** The name of the user whose id `userId` holds (a column of the caller's query); null when there is none. */
export const userNameSql = (userId: SQLWrapper) =>
  wrapped<string | null>(sql`(select ${user.name} from ${user} where ${user.id} = ${userId})`);

/** The sign-in e-mail of the user whose id `userId` holds; null when there is none. */
export const userEmailSql = (userId: SQLWrapper) =>
  wrapped<string | null>(sql`(select ${user.email} from ${user} where ${user.id} = ${userId})`);

/** The role ("admin" or "client") of the user whose id `userId` holds; null when there is none. */
export const userRoleSql = (userId: SQLWrapper) =>
  wrapped<string | null>(sql`(select ${user.role} from ${user} where ${user.id} = ${userId})`);

/**
 * The users as other slices' lists read them (id, name, e-mail, role, two-factor, last sign-in), as a
 * subquery the caller joins on `userId` or selects from, in its own statement.
 */
export const userFacts = (db: DbOrTx) =>
  db
    .select({
      userId: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      twoFactorEnabled: user.twoFactorEnabled,
      lastSignInAt: user.lastSignInAt,
      lastSignInMethod: user.lastSignInMethod,
    })
    .from(user)
    .as("user_facts");

/** The ids of the firm's admins, but `except` (the author of what they are told about). */
export async function adminUserIds(db: DbOrTx, { except }: { except?: string } = {}): Promise<string[]> {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(except === undefined ? sql`${user.role} = 'admin'` : sql`${user.role} = 'admin' and ${user.id} <> ${except}`);
  return rows.map((row) => row.id);
}

/**
 * Forgets the accounts signed in through a single sign-on provider (inside the caller's transaction):
 * when the provider's issuer changes, its old subject ids name nobody.
 */
export async function deleteProviderAccounts(tx: DbOrTx, providerId: string): Promise<void> {
  await tx.delete(account).where(eq(account.providerId, providerId));
}

/** Deletes users (inside the caller's transaction): their sessions, accounts and factors go with them. */
export async function deleteUsers(tx: DbOrTx, userIds: string[]): Promise<void> {
  if (userIds.length > 0) await tx.delete(user).where(inArray(user.id, userIds));
}
