import "server-only";
import { and, asc, eq, inArray, isNull, or, sql, type SQLWrapper } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { lockRowById } from "@/server/core/db/lock-row";
import { invoiceIsBilled, invoicePaidCents } from "./invoice-money-sql";
import { invoices } from "./schema";

// A project's invoices: its figures as scalar sub-selects on the project id column the caller's
// statement holds (so a list of projects with its figures stays one statement), the invoices a
// project's dialogs list, its timeline's entries, and the project link of invoices (the projects
// module audits each change).
// Cancelled invoices count for nothing (docs/PRODUCT.md#rules-project-figures).

const cents = (expression: SQLWrapper) => sql<number>`(${expression})::bigint`.mapWith(Number);

/**
 * The number of a project's billed invoices, what they bill and what was paid on them, in cents;
 * with `clientId`, only that client's invoices count (one wrongly linked never adds to its figures).
 */
export function projectInvoiceFiguresSql(projectId: SQLWrapper, { clientId }: { clientId?: string } = {}) {
  const projectInvoices = sql`${invoices} where ${invoices.projectId} = ${projectId} and ${invoiceIsBilled}${
    clientId === undefined ? sql`` : sql` and ${invoices.clientId} = ${clientId}`
  }`;
  return {
    invoiceCount: sql<number>`(select count(*) from ${projectInvoices})`.mapWith(Number),
    billedCents: cents(sql`(select coalesce(sum(${invoices.amountCents}), 0) from ${projectInvoices})`),
    paidCents: cents(sql`(select coalesce(sum(${invoicePaidCents}), 0) from ${projectInvoices})`),
  };
}

/**
 * Whether any invoice is linked to the project `projectId` holds (a column or value of the caller's
 * query). Wrapped in an outer sql`` so its columns are never top-level chunks, which drizzle leaves
 * unqualified in a one-table select.
 */
export const projectHasInvoicesSql = (projectId: SQLWrapper) =>
  sql<boolean>`${sql`exists (select 1 from ${invoices} where ${invoices.projectId} = ${projectId})`}`;

/**
 * The project's entries in its timeline (the projects slice's one statement, as `kind, at, title,
 * detail, ref_id`): each invoice issued and paid, on its day's midnight UTC. Only the project's
 * client's invoices: one wrongly linked never shows in another company's timeline.
 */
export const invoiceTimelineSql = ({ id, clientId }: { id: string; clientId: string }) => sql`
      select 'invoice', ${invoices.issuedDate}::timestamp at time zone 'UTC', 'Invoice ' || ${invoices.invoiceNumber} || ' issued',
             '$' || to_char(${invoices.amountCents} / 100.0, 'FM999,999,990.00'), null
        from ${invoices} where ${invoices.projectId} = ${id} and ${invoices.clientId} = ${clientId} and ${invoices.issuedDate} is not null
      union all
      select 'invoice', ${invoices.paidDate}::timestamp at time zone 'UTC', 'Invoice ' || ${invoices.invoiceNumber} || ' paid', '', null
        from ${invoices} where ${invoices.projectId} = ${id} and ${invoices.clientId} = ${clientId} and ${invoices.paidDate} is not null`;

const invoiceColumns = {
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  description: invoices.description,
  amountCents: invoices.amountCents,
  status: invoices.status,
  dueDate: invoices.dueDate,
  squarePaymentUrl: invoices.squarePaymentUrl,
  projectId: invoices.projectId,
  totalPaidCents: invoices.totalPaidCents,
};

/**
 * A project's linked invoices and the invoices of its client linked to no project (candidates for
 * linking), with the linked ones' figures, in one statement.
 */
export async function listProjectInvoiceChoices(db: DbOrTx, { projectId, clientId }: { projectId: string; clientId: string }) {
  // The dialog's totals come from the same query, as window sums over the linked, non-cancelled rows.
  const isCounted = sql`${invoices.projectId} = ${projectId} and ${invoices.status} <> 'cancelled'`;
  const rows = await db
    .select({
      ...invoiceColumns,
      countedTotal: sql<number>`(count(*) filter (where ${isCounted}) over ())::int`.mapWith(Number),
      billedTotal: sql<number>`coalesce(sum(${invoices.amountCents}) filter (where ${isCounted}) over (), 0)::bigint`.mapWith(Number),
      paidTotal: sql<number>`coalesce(sum(${invoicePaidCents}) filter (where ${isCounted}) over (), 0)::bigint`.mapWith(Number),
    })
    .from(invoices)
    .where(and(eq(invoices.clientId, clientId), or(eq(invoices.projectId, projectId), isNull(invoices.projectId))))
    .orderBy(sql`${invoices.dueDate} desc nulls last`, asc(invoices.invoiceNumber));
  const linked = rows.filter((r) => r.projectId === projectId).map(({ countedTotal: _c, billedTotal: _b, paidTotal: _p, ...r }) => r);
  const unlinked = rows.filter((r) => r.projectId === null).map(({ countedTotal: _c, billedTotal: _b, paidTotal: _p, ...r }) => r);
  const first = rows[0];
  const totals = {
    invoiceCount: first?.countedTotal ?? 0,
    totalBilledCents: first?.billedTotal ?? 0,
    totalPaidCents: first?.paidTotal ?? 0,
  };
  return { linked, unlinked, totals };
}

/** Locks the invoices of `ids` for the transaction: each one's client and project (fewer rows than ids: some are unknown). */
export async function lockInvoicesForLinking(tx: DbOrTx, ids: string[]) {
  return tx
    .select({ id: invoices.id, clientId: invoices.clientId, projectId: invoices.projectId })
    .from(invoices)
    .where(inArray(invoices.id, ids))
    .for("update");
}

/** Links the client's invoices of `ids` to the project; the ids of those linked. */
export async function setInvoicesProject(tx: DbOrTx, { ids, clientId, projectId }: { ids: string[]; clientId: string; projectId: string }) {
  return tx
    .update(invoices)
    .set({ projectId, updatedAt: new Date() })
    .where(and(inArray(invoices.id, ids), eq(invoices.clientId, clientId)))
    .returning({ id: invoices.id });
}

/** Locks one invoice for the transaction and gives its project link (404 when there is no such invoice). */
export const lockInvoiceProject = (tx: DbOrTx, invoiceId: string) =>
  lockRowById(tx, invoices, invoiceId, "Invoice not found", { id: invoices.id, projectId: invoices.projectId });

/** Sets one invoice's project link to empty. */
export async function clearInvoiceProject(tx: DbOrTx, invoiceId: string): Promise<void> {
  await tx.update(invoices).set({ projectId: null, updatedAt: new Date() }).where(eq(invoices.id, invoiceId));
}
