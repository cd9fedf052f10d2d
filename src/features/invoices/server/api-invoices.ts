import "server-only";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { InvoiceStatus } from "@/lib/domain/invoice-status";
import { assertBillingVisible, assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { invoices } from "./schema";
import { invoicePaidCents } from "./invoice-money-sql";

/** An invoice as the company API lists it: its figures in cents (USD), no payment schedule. */
export type ApiInvoice = {
  id: string;
  invoiceNumber: string;
  description: string | null;
  projectId: string | null;
  status: InvoiceStatus;
  amountCents: number;
  paidCents: number;
  issuedDate: string | null;
  dueDate: string | null;
  paidDate: string | null;
};

/**
 * The company's invoices by id, a page at a time (GET /api/v1/invoices). Refused like the portal's
 * Billing while the owners withhold it from members: a token reads what a member may.
 */
export async function pageClientInvoices(
  db: DbOrTx,
  { actor, after, limit }: { actor: ClientActor; after: string | null; limit: number },
): Promise<{ items: ApiInvoice[]; next: string | null }> {
  assertClient(actor);
  assertBillingVisible(actor);
  const rows = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      description: invoices.description,
      projectId: invoices.projectId,
      status: invoices.status,
      amountCents: invoices.amountCents,
      paidCents: sql<number>`${invoicePaidCents}::bigint`.mapWith(Number),
      issuedDate: invoices.issuedDate,
      dueDate: invoices.dueDate,
      paidDate: invoices.paidDate,
    })
    .from(invoices)
    .where(and(eq(invoices.clientId, actor.clientId), after ? gt(invoices.id, after) : undefined))
    .orderBy(asc(invoices.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map((row) => ({ ...row, status: row.status as InvoiceStatus }));
  return { items: page, next: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}
