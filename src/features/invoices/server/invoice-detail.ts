import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { InvoiceStatus } from "@/lib/domain/invoice-status";
import { type AdminActor, assertAdmin, assertBillingVisible, assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { companyAddressSql, companyNameSql } from "@/features/clients/server";
import { type AcceptedPaymentMethods, invoices, type ScheduleEntry } from "./schema";
import type { ProjectNameSql } from "./invoice-export-pages";
import { AppError } from "@/server/core/errors";
import { recordFirmAccess } from "@/features/audit/server";
import { invoicePaidCents } from "./invoice-money-sql";

// One invoice as its page and its PDF show it (docs/PRODUCT.md#invoice-page): the invoice, the
// lines of its Square order, its schedule and who it is addressed to, in one statement.

export type InvoiceLineItem = { name: string; quantity: string; unitPriceCents: number; totalCents: number; note: string | null };

export type InvoiceDetail = {
  id: string;
  invoiceNumber: string;
  description: string | null;
  status: InvoiceStatus;
  issuedDate: string | null;
  dueDate: string | null;
  paidDate: string | null;
  serviceDate: string | null;
  amountCents: number;
  /** Paid by the stored rule (docs/PRODUCT.md#rules-invoices-and-balances); the page refines it from the schedule. */
  paidCents: number;
  squarePaymentUrl: string | null;
  paymentSchedule: ScheduleEntry[];
  acceptedPaymentMethods: AcceptedPaymentMethods;
  clientId: string | null;
  /** The client company billed, or null for a Square invoice waiting for a client. */
  company: string | null;
  /** The client's postal address (its contact details), printed under "Bill to"; null when none is kept. */
  clientAddress: string | null;
  projectName: string | null;
  lineItems: InvoiceLineItem[];
  /** The last sync could not read this invoice's lines from Square (a permission is missing). */
  lineItemsUnread: boolean;
};

export const INVOICE_NOT_FOUND = "Invoice not found";

/** Which invoice, and its project's name through the projects module's `projectNameSql` (handed in). */
export type InvoiceScope = { invoiceId: string; projectName: ProjectNameSql };

// Wrapped in an outer sql`` so its column is never a top-level chunk: drizzle leaves those
// unqualified in a one-table select, where a bare "id" would name the line's own.
const lineItemsJson = sql<InvoiceLineItem[]>`${sql`(
  select coalesce(json_agg(json_build_object('name', l.name, 'quantity', l.quantity, 'unitPriceCents', l.unit_price_cents,
                                             'totalCents', l.total_cents, 'note', l.note) order by l.position), '[]'::json)
    from invoice_line_items l where l.invoice_id = ${invoices.id})`}`;

async function readInvoice(db: DbOrTx, where: ReturnType<typeof and>, projectName: ProjectNameSql): Promise<InvoiceDetail | null> {
  const [row] = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      description: invoices.description,
      status: invoices.status,
      issuedDate: invoices.issuedDate,
      dueDate: invoices.dueDate,
      paidDate: invoices.paidDate,
      serviceDate: invoices.serviceDate,
      amountCents: invoices.amountCents,
      paidCents: sql<number>`${invoicePaidCents}::bigint`.mapWith(Number),
      squarePaymentUrl: invoices.squarePaymentUrl,
      paymentSchedule: invoices.paymentSchedule,
      acceptedPaymentMethods: invoices.acceptedPaymentMethods,
      clientId: invoices.clientId,
      company: companyNameSql(invoices.clientId),
      clientAddress: companyAddressSql(invoices.clientId),
      projectName: projectName(invoices.projectId),
      lineItems: lineItemsJson,
      lineItemsUnread: invoices.lineItemsUnread,
    })
    .from(invoices)
    .where(where)
    .limit(1);
  if (!row) return null;
  // json_build_object gives bigint as a JSON number: exact for any cents a column may hold.
  return {
    ...row,
    lineItems: row.lineItems.map((l) => ({ ...l, unitPriceCents: Number(l.unitPriceCents), totalCents: Number(l.totalCents) })),
  };
}

/**
 * One invoice of the signed-in client, or null (another company's, unknown): the client comes
 * from the session only. Refused to a member from whom Billing is withheld; a viewing admin's look
 * is in the company's access log.
 */
export async function getPortalInvoice(
  db: DbOrTx,
  { actor, invoiceId, projectName }: { actor: ClientActor } & InvoiceScope,
): Promise<InvoiceDetail | null> {
  assertClient(actor);
  assertBillingVisible(actor);
  const invoice = await readInvoice(db, and(eq(invoices.id, invoiceId), eq(invoices.clientId, actor.clientId)), projectName);
  if (invoice) await recordLook(db, actor, invoice);
  return invoice;
}

/** Any invoice for the firm, unassigned Square invoices included; its look is in the company's access log. */
export async function getAdminInvoice(
  db: DbOrTx,
  { actor, invoiceId, projectName }: { actor: AdminActor } & InvoiceScope,
): Promise<InvoiceDetail | null> {
  assertAdmin(actor);
  const invoice = await readInvoice(db, and(eq(invoices.id, invoiceId)), projectName);
  if (invoice) await recordLook(db, actor, invoice);
  return invoice;
}

/** The same, for a download: a missing invoice is a 404 (AppError). */
export async function requireInvoice<A>(
  read: (db: DbOrTx, scope: { actor: A } & InvoiceScope) => Promise<InvoiceDetail | null>,
  db: DbOrTx,
  scope: { actor: A } & InvoiceScope,
): Promise<InvoiceDetail> {
  const invoice = await read(db, scope);
  if (!invoice) throw new AppError("not_found", INVOICE_NOT_FOUND);
  return invoice;
}

/** The firm looking at a company's invoice (docs/PRODUCT.md#portal-access-log); nothing for the client itself. */
async function recordLook(db: DbOrTx, actor: AdminActor | ClientActor, invoice: InvoiceDetail) {
  if (!invoice.clientId) return;
  await recordFirmAccess(db, {
    actor,
    action: "client.invoices.view",
    clientIds: [invoice.clientId],
    entityType: "invoice",
    entityId: invoice.id,
    after: { invoiceNumber: invoice.invoiceNumber },
  });
}
