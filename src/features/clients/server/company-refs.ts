import "server-only";
import { and, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { ClientStatus } from "@/lib/domain/client-status";
import type { DbOrTx } from "@/server/core/db/client";
import { userEmailSql } from "@/features/identity/server";
import { clientPeople, clients } from "./schema";

// What other slices ask of a company they hold a client id of: its name, its owners, its facts.
// Most answers are SQL the caller embeds in its own statement (a join becomes a sub-select on the
// primary key), so a screen's number of statements does not change; the rest read one company by id.
// Each fragment is wrapped in an outer sql`` so its columns are never top-level chunks: drizzle
// leaves those unqualified in a one-table select, where a bare column name may name the wrong table.
const wrapped = <T>(inner: SQL) => sql<T>`${inner}`;

/** The company name of the client whose id `clientId` holds (a column of the caller's query). */
export const companyNameSql = (clientId: SQLWrapper) =>
  wrapped<string>(sql`(select ${clients.company} from ${clients} where ${clients.id} = ${clientId})`);

/** The postal address of the client whose id `clientId` holds (its invoices print it); null when it has none. */
export const companyAddressSql = (clientId: SQLWrapper) =>
  wrapped<string | null>(sql`(select ${clients.address} from ${clients} where ${clients.id} = ${clientId})`);

/** Whether `userId` is an active owner of the company `clientId` (both columns or values of the caller). */
export const isActiveOwnerSql = (userId: SQLWrapper, clientId: SQLWrapper) =>
  wrapped<boolean>(sql`exists (select 1 from ${clientPeople} where ${clientPeople.userId} = ${userId}
    and ${clientPeople.clientId} = ${clientId} and ${clientPeople.role} = 'owner' and ${clientPeople.status} = 'active')`);

/** How many client companies there are, every status included. */
export const clientCountSql = wrapped<number>(sql`(select count(*) from ${clients})`).mapWith(Number);

/**
 * What a company's screens and its API tokens carry of it (its name and contact, status, the owners'
 * switches), as a subquery the caller joins on `clientId` or selects from, in its own statement.
 */
export const companyFacts = (db: DbOrTx) =>
  db
    .select({
      clientId: clients.id,
      company: clients.company,
      contactPerson: clients.contactPerson,
      status: clients.status,
      billingWithheld: clients.billingWithheldFromMembers,
      reportsWithheld: clients.reportsWithheldFromMembers,
      findingsWithheld: clients.findingsWithheldFromMembers,
    })
    .from(clients)
    .as("company_facts");

/** One company's name and status, or null when there is no such client. */
export async function findCompany(db: DbOrTx, clientId: string): Promise<{ id: string; company: string; status: ClientStatus } | null> {
  const [row] = await db
    .select({ id: clients.id, company: clients.company, status: clients.status })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row ?? null;
}

/**
 * Locks one company's row until the transaction ends, so writes that must see each other about the
 * same company (its retainer's terms) take turns; false when there is no such client.
 */
export async function lockCompany(tx: DbOrTx, clientId: string): Promise<boolean> {
  const [row] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for("update");
  return row !== undefined;
}

/** Locks one company's row like `lockCompany`, and gives its name; null when there is no such client. */
export async function lockCompanyNamed(tx: DbOrTx, clientId: string): Promise<{ id: string; company: string } | null> {
  const [row] = await tx
    .select({ id: clients.id, company: clients.company })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for("update")
    .limit(1);
  return row ?? null;
}

/** The active owners' user ids of an active company, and its name ("" when it is not active). */
export async function activeOwnersOf(db: DbOrTx, clientId: string): Promise<{ userIds: string[]; company: string }> {
  const rows = await db
    .select({ userId: clientPeople.userId, company: clients.company })
    .from(clientPeople)
    .innerJoin(clients, eq(clients.id, clientPeople.clientId))
    .where(and(eq(clients.id, clientId), eq(clients.status, "active"), eq(clientPeople.status, "active"), eq(clientPeople.role, "owner")));
  return { userIds: rows.map((r) => r.userId), company: rows[0]?.company ?? "" };
}

/**
 * What a Square sync matches a customer's e-mail with for one company: its billing e-mail and the
 * sign-in e-mails an admin chose (`added_by_admin`), with its name; null when there is no such client.
 */
export async function findBillingContacts(
  db: DbOrTx,
  clientId: string,
): Promise<{ company: string; signInEmail: string; billingEmail: string | null } | null> {
  const [row] = await db
    .select({
      company: clients.company,
      // Written out with its own aliases: drizzle leaves the columns of a one-table select unqualified.
      signInEmail: sql<string>`coalesce((select string_agg(pe.email, ', ' order by pe.email) from (select ${userEmailSql(sql`p.user_id`)} as email
        from client_people p where p.client_id = "clients"."id" and p.added_by_admin) pe), '')`,
      billingEmail: clients.billingEmail,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  return row ?? null;
}

/**
 * The companies a Square customer's e-mail `email` (lower case, a column of the caller's statement)
 * matches, as findBillingContacts lists them: the billing e-mail or the sign-in e-mail of a person an
 * admin added. Their ids as a text array, null when none, as a sub-select.
 */
export const clientsMatchingEmailSql = (email: SQLWrapper) =>
  wrapped<string[] | null>(sql`(select array_agg(distinct ${clients.id}::text) from ${clients}
      left join ${clientPeople} on ${clientPeople.clientId} = ${clients.id} and ${clientPeople.addedByAdmin}
    where ${email} is not null and (lower(${userEmailSql(clientPeople.userId)}) = ${email} or lower(${clients.billingEmail}) = ${email}))`);

/**
 * Sets a company's billing e-mail inside the caller's transaction (which audits it), the row locked
 * first; returns the address it replaces, or null when there is no such client.
 */
export async function replaceBillingEmail(
  tx: DbOrTx,
  { clientId, billingEmail }: { clientId: string; billingEmail: string | null },
): Promise<{ billingEmail: string | null } | null> {
  const [before] = await tx.select({ billingEmail: clients.billingEmail }).from(clients).where(eq(clients.id, clientId)).for("update");
  if (!before) return null;
  await tx.update(clients).set({ billingEmail, updatedAt: new Date() }).where(eq(clients.id, clientId));
  return before;
}
