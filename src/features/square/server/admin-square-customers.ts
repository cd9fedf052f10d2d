import "server-only";
import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { squareCustomers } from "./schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { announceNewInvoices } from "./invoice-events";
import { squareInvoices } from "@/features/invoices/server";
import { assignUnownedInvoices } from "./customer-links";
import { squarePorts } from "./ports";
import { companyNameSql, findBillingContacts, findCompany, replaceBillingEmail } from "@/features/clients/server";

// Which client each Square customer belongs to, as admins see and change it: the Unmatched
// invoices screen and the "Square customers" dialog of a client. Only admins change a link, and
// every change is audited. Invoices that already have a client never move.

export type UnmatchedCustomer = {
  squareCustomerId: string;
  name: string | null;
  email: string | null;
  conflict: string | null;
  invoiceCount: number;
  totalCents: number;
  invoiceNumbers: string[];
  /** Its Square subscriptions waiting for a client as well. */
  subscriptionCount: number;
};

export type CustomerConflict = {
  squareCustomerId: string;
  name: string | null;
  email: string | null;
  company: string;
  clientId: string;
  conflict: string;
};
export type IgnoredCustomer = { squareCustomerId: string; name: string | null; email: string | null; invoiceCount: number };

// The customer as Square names it, shared by every list below.
const customerColumns = {
  squareCustomerId: squareCustomers.squareCustomerId,
  name: squareCustomers.displayName,
  email: squareCustomers.email,
};

/** Customers linked to no client whose invoices wait for an admin, with those invoices summed. */
export async function listUnmatchedCustomers(db: DbOrTx, { actor }: { actor: AdminActor }): Promise<UnmatchedCustomer[]> {
  assertAdmin(actor);
  const { subscriptions } = await squarePorts();
  const unowned = squareInvoices.unownedFigures(db, squareCustomers.squareCustomerId);
  const rows = await db
    .select({
      ...customerColumns,
      conflict: squareCustomers.conflict,
      invoiceCount: sql<number>`${unowned.invoiceCount}`.mapWith(Number),
      totalCents: sql<number>`${unowned.totalCents}`.mapWith(Number),
      invoiceNumbers: sql<string[] | null>`${unowned.invoiceNumbers}`,
      subscriptionCount: subscriptions.unownedCountSql(squareCustomers.squareCustomerId),
    })
    .from(squareCustomers)
    .leftJoinLateral(unowned, sql`true`)
    .where(
      and(
        isNull(squareCustomers.clientId),
        isNull(squareCustomers.ignoredAt),
        // Waiting means an invoice or a subscription (made in Square) that belongs to no client yet.
        sql`(${unowned.invoiceCount} > 0 or ${subscriptions.hasUnownedSql(squareCustomers.squareCustomerId)})`,
      ),
    )
    .orderBy(asc(squareCustomers.displayName), asc(squareCustomers.squareCustomerId));
  return rows.map((r) => ({ ...r, invoiceNumbers: r.invoiceNumbers?.filter(Boolean) ?? [] }));
}

/** Linked customers where the sync's evidence disagrees with the link (shown, never applied). */
export async function listCustomerConflicts(db: DbOrTx, { actor }: { actor: AdminActor }): Promise<CustomerConflict[]> {
  assertAdmin(actor);
  const rows = await db
    .select({
      ...customerColumns,
      company: companyNameSql(squareCustomers.clientId),
      // Never null here: the where keeps the linked customers.
      clientId: sql<string>`${squareCustomers.clientId}`,
      conflict: squareCustomers.conflict,
    })
    .from(squareCustomers)
    .where(and(isNotNull(squareCustomers.conflict), isNotNull(squareCustomers.clientId)))
    .orderBy(asc(companyNameSql(squareCustomers.clientId)), asc(squareCustomers.squareCustomerId));
  return rows.map((r) => ({ ...r, conflict: r.conflict ?? "" }));
}

export async function listIgnoredCustomers(db: DbOrTx, { actor }: { actor: AdminActor }): Promise<IgnoredCustomer[]> {
  assertAdmin(actor);
  return db
    .select({ ...customerColumns, invoiceCount: squareInvoices.unownedCountSql(squareCustomers.squareCustomerId) })
    .from(squareCustomers)
    .where(isNotNull(squareCustomers.ignoredAt))
    .orderBy(asc(squareCustomers.displayName));
}

/**
 * How many invoices wait for a client (their Square customer is linked to none and not ignored),
 * as a scalar subquery: the dashboard reads it with its other figures, in one statement.
 */
export const unmatchedInvoicesCount = sql<number>`(
  select coalesce(sum(${squareInvoices.unownedCountSql(squareCustomers.squareCustomerId)}), 0) from ${squareCustomers}
   where ${isNull(squareCustomers.ignoredAt)})`.mapWith(Number);

async function lockCustomer(db: DbOrTx, squareCustomerId: string) {
  const [row] = await db
    .select({
      clientId: squareCustomers.clientId,
      ignoredAt: squareCustomers.ignoredAt,
      linkSource: squareCustomers.linkSource,
      // Null while the customer is linked to no client.
      company: sql<string | null>`${companyNameSql(squareCustomers.clientId)}`,
    })
    .from(squareCustomers)
    .where(eq(squareCustomers.squareCustomerId, squareCustomerId))
    .for("update", { of: squareCustomers });
  return row;
}

async function requireClientRow(db: DbOrTx, clientId: string) {
  const row = await findCompany(db, clientId);
  if (!row) throw new AppError("not_found", "Client not found.");
  return row;
}

/**
 * Links a Square customer to a client (creating the record for an id typed by the admin) and gives
 * the customer's unassigned invoices that client. A customer linked to another client is a conflict:
 * it must be unlinked there first, so no click moves invoices between clients by accident.
 */
export async function linkSquareCustomer(
  db: DbOrTx,
  { actor, squareCustomerId, clientId }: { actor: AdminActor; squareCustomerId: string; clientId: string },
) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const client = await requireClientRow(tx, clientId);
    await tx.insert(squareCustomers).values({ squareCustomerId }).onConflictDoNothing();
    const before = (await lockCustomer(tx, squareCustomerId))!;
    if (before.clientId && before.clientId !== clientId) {
      throw new AppError("conflict", `This Square customer is linked to ${before.company}. Unlink it there first.`);
    }
    await tx
      .update(squareCustomers)
      .set({
        clientId,
        linkSource: "admin",
        linkedAt: new Date(),
        linkedByUserId: actor.userId,
        ignoredAt: null,
        conflict: null,
        updatedAt: new Date(),
      })
      .where(eq(squareCustomers.squareCustomerId, squareCustomerId));
    const assigned = await assignUnownedInvoices(tx, [squareCustomerId]);
    // Its invoices are new to the client's portal now: the client hears of them once.
    await announceNewInvoices(tx);
    await recordAudit(tx, {
      actor,
      action: "square.customer_linked",
      entityType: "square_customer",
      entityId: squareCustomerId,
      before: { clientId: before.clientId, ignored: before.ignoredAt !== null, source: before.linkSource },
      after: { clientId, source: "admin", assignedInvoices: assigned },
    });
    return { company: client.company, assigned };
  });
}

/** Removes a link. The customer's invoices keep their client; the sync proposes nothing for it again. */
export async function unlinkSquareCustomer(db: DbOrTx, { actor, squareCustomerId }: { actor: AdminActor; squareCustomerId: string }) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const before = await lockCustomer(tx, squareCustomerId);
    if (!before?.clientId) throw new AppError("not_found", "This Square customer is not linked to a client.");
    await tx
      .update(squareCustomers)
      .set({
        clientId: null,
        linkSource: "admin",
        linkedAt: new Date(),
        linkedByUserId: actor.userId,
        conflict: null,
        updatedAt: new Date(),
      })
      .where(eq(squareCustomers.squareCustomerId, squareCustomerId));
    await recordAudit(tx, {
      actor,
      action: "square.customer_unlinked",
      entityType: "square_customer",
      entityId: squareCustomerId,
      before: { clientId: before.clientId, source: before.linkSource },
      after: { clientId: null },
    });
  });
}

/** Ignoring keeps a customer's invoices out of every portal and off the Unmatched list. */
export async function setSquareCustomerIgnored(
  db: DbOrTx,
  { actor, squareCustomerId, ignored }: { actor: AdminActor; squareCustomerId: string; ignored: boolean },
) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const before = await lockCustomer(tx, squareCustomerId);
    if (!before) throw new AppError("not_found", "Square customer not found.");
    if (ignored && before.clientId)
      throw new AppError("conflict", `This Square customer is linked to ${before.company}. Unlink it there first.`);
    await tx
      .update(squareCustomers)
      .set({ ignoredAt: ignored ? new Date() : null, linkSource: "admin", updatedAt: new Date() })
      .where(eq(squareCustomers.squareCustomerId, squareCustomerId));
    await recordAudit(tx, {
      actor,
      action: ignored ? "square.customer_ignored" : "square.customer_unignored",
      entityType: "square_customer",
      entityId: squareCustomerId,
    });
  });
}

export type ClientSquareCustomers = {
  company: string;
  signInEmail: string;
  billingEmail: string | null;
  customers: {
    squareCustomerId: string;
    name: string | null;
    email: string | null;
    source: string | null;
    linkedAt: string | null;
    conflict: string | null;
    invoiceCount: number;
  }[];
};

/** The "Square customers" dialog of one client: its links and the addresses a sync may match. */
export async function getClientSquareCustomers(
  db: DbOrTx,
  { actor, clientId }: { actor: AdminActor; clientId: string },
): Promise<ClientSquareCustomers> {
  assertAdmin(actor);
  // The sign-in addresses an admin chose (the people an admin added) and the billing e-mail, as a sync matches them.
  const client = await findBillingContacts(db, clientId);
  if (!client) throw new AppError("not_found", "Client not found.");
  const customers = await db
    .select({
      ...customerColumns,
      source: squareCustomers.linkSource,
      linkedAt: squareCustomers.linkedAt,
      conflict: squareCustomers.conflict,
      invoiceCount: squareInvoices.customerCountSql(squareCustomers.squareCustomerId, clientId),
    })
    .from(squareCustomers)
    .where(eq(squareCustomers.clientId, clientId))
    .orderBy(desc(squareCustomers.linkedAt));
  return { ...client, customers: customers.map((c) => ({ ...c, linkedAt: c.linkedAt?.toISOString() ?? null })) };
}

export async function setClientBillingEmail(
  db: DbOrTx,
  { actor, clientId, billingEmail }: { actor: AdminActor; clientId: string; billingEmail: string | null },
) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const before = await replaceBillingEmail(tx, { clientId, billingEmail });
    if (!before) throw new AppError("not_found", "Client not found.");
    await recordAudit(tx, {
      actor,
      action: "client.billing_email",
      entityType: "client",
      entityId: clientId,
      before,
      after: { billingEmail },
    });
  });
}
