import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { InvoiceStatus } from "@/lib/domain/invoice-status";
import { INVOICE_PAGE_SIZE } from "@/features/invoices/validation";
import { type AdminActor, assertAdmin, assertBillingVisible, assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { type AcceptedPaymentMethods, invoices, type ScheduleEntry } from "./schema";
import { centsSum, countWhere, invoiceIsOpen, invoiceOutstandingCents, invoicePaidCents } from "./invoice-money-sql";

export type BillingSummary = {
  /** Sum over pending and overdue invoices of what remains to pay (amount − paid). */
  balanceDueCents: number;
  pendingCount: number;
  overdueCount: number;
  /** Every invoice of the client, cancelled included: the size of Recent Invoices. */
  invoiceCount: number;
};

/**
 * Billing's three cards as one aggregate over the client's invoices, as a subquery: the Overview
 * reads it in its own single statement. Refused, like Billing, to a member it is withheld from.
 */
export function billingSummarySubquery(db: DbOrTx, { actor }: { actor: ClientActor }) {
  assertClient(actor);
  assertBillingVisible(actor);
  return db
    .select({
      balanceDueCents: centsSum(invoiceOutstandingCents, invoiceIsOpen).as("balance_due_cents"),
      pendingCount: countWhere(eq(invoices.status, "pending")).as("pending_count"),
      overdueCount: countWhere(eq(invoices.status, "overdue")).as("overdue_count"),
      invoiceCount: countWhere(sql`true`).as("invoice_count"),
    })
    .from(invoices)
    .where(eq(invoices.clientId, actor.clientId))
    .as("billing_summary");
}

/** Billing's three cards in one aggregate query over the client's invoices. */
export async function getBillingSummary(db: DbOrTx, scope: { actor: ClientActor }): Promise<BillingSummary> {
  const [row] = await db.select().from(billingSummarySubquery(db, scope));
  return row ?? { balanceDueCents: 0, pendingCount: 0, overdueCount: 0, invoiceCount: 0 };
}

export type PortalInvoice = {
  id: string;
  invoiceNumber: string;
  description: string | null;
  amountCents: number;
  paidCents: number;
  status: InvoiceStatus;
  issuedDate: string | null;
  dueDate: string | null;
  paidDate: string | null;
  squarePaymentUrl: string | null;
  paymentSchedule: ScheduleEntry[];
  acceptedPaymentMethods: AcceptedPaymentMethods;
};

/**
 * One page of the client's invoices, newest due date first (docs/PRODUCT.md#portal-billing). Paged so that a client with
 * thousands of invoices does not get them all in one page load; the summary above covers all.
 */
export async function listPortalInvoices(
  db: DbOrTx,
  {
    actor,
    offset = 0,
    limit = INVOICE_PAGE_SIZE,
    projectId,
  }: { actor: ClientActor; offset?: number; limit?: number; /** Only this project's (the portal's project view). */ projectId?: string },
): Promise<PortalInvoice[]> {
  assertClient(actor);
  assertBillingVisible(actor);
  return (
    db
      .select({
        id: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        description: invoices.description,
        amountCents: invoices.amountCents,
        paidCents: sql<number>`${invoicePaidCents}::bigint`.mapWith(Number),
        status: invoices.status,
        issuedDate: invoices.issuedDate,
        dueDate: invoices.dueDate,
        paidDate: invoices.paidDate,
        squarePaymentUrl: invoices.squarePaymentUrl,
        paymentSchedule: invoices.paymentSchedule,
        acceptedPaymentMethods: invoices.acceptedPaymentMethods,
      })
      .from(invoices)
      .where(and(eq(invoices.clientId, actor.clientId), projectId === undefined ? undefined : eq(invoices.projectId, projectId)))
      // The id breaks ties so pages never overlap or skip rows.
      .orderBy(sql`${invoices.dueDate} desc nulls last`, desc(invoices.invoiceNumber), invoices.id)
      .limit(limit)
      .offset(offset)
  );
}

/** An open invoice the client can pay now at Square (Billing's Pay Now), with what the next payment is computed from. */
export type PayableInvoice = Pick<
  PortalInvoice,
  "id" | "invoiceNumber" | "description" | "amountCents" | "paidCents" | "status" | "dueDate" | "squarePaymentUrl" | "paymentSchedule"
>;

/**
 * The client's pending and overdue invoices that have a Square payment page, oldest due date
 * first: the choices of Billing's Pay Now (docs/PRODUCT.md#portal-billing). At most 50.
 */
export async function listPayableInvoices(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<PayableInvoice[]> {
  assertClient(actor);
  assertBillingVisible(actor);
  return db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      description: invoices.description,
      amountCents: invoices.amountCents,
      paidCents: sql<number>`${invoicePaidCents}::bigint`.mapWith(Number),
      status: invoices.status,
      dueDate: invoices.dueDate,
      squarePaymentUrl: invoices.squarePaymentUrl,
      paymentSchedule: invoices.paymentSchedule,
    })
    .from(invoices)
    .where(and(eq(invoices.clientId, actor.clientId), invoiceIsOpen, sql`${invoices.squarePaymentUrl} is not null`))
    .orderBy(sql`coalesce(${invoices.nextPaymentDueDate}, ${invoices.dueDate}) asc nulls last`, invoices.invoiceNumber, invoices.id)
    .limit(50);
}

/** A company's billing summary for the firm (its client page): the same figures Billing shows the client. */
export async function getClientBillingForAdmin(
  db: DbOrTx,
  { actor, clientId }: { actor: AdminActor; clientId: string },
): Promise<BillingSummary> {
  assertAdmin(actor);
  const [row] = await db
    .select({
      balanceDueCents: centsSum(invoiceOutstandingCents, invoiceIsOpen),
      pendingCount: countWhere(eq(invoices.status, "pending")),
      overdueCount: countWhere(eq(invoices.status, "overdue")),
      invoiceCount: countWhere(sql`true`),
    })
    .from(invoices)
    .where(eq(invoices.clientId, clientId));
  return row ?? { balanceDueCents: 0, pendingCount: 0, overdueCount: 0, invoiceCount: 0 };
}
