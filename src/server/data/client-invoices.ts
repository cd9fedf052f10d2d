import "server-only";
import { desc, eq } from "drizzle-orm";
import { assertClient, type ClientActor } from "../auth/session";
import type { DbOrTx } from "../db/client";
import { invoices } from "../db/schema";

/** The signed-in client's invoices, newest due date first (spec §7). Scoped by the session's client id. */
export async function listClientInvoices(db: DbOrTx, { actor }: { actor: ClientActor }) {
  assertClient(actor);
  return db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      amountCents: invoices.amountCents,
      status: invoices.status,
      issuedDate: invoices.issuedDate,
      dueDate: invoices.dueDate,
      paidDate: invoices.paidDate,
      description: invoices.description,
      squarePaymentUrl: invoices.squarePaymentUrl,
      paymentSchedule: invoices.paymentSchedule,
      nextPaymentAmountCents: invoices.nextPaymentAmountCents,
      nextPaymentDueDate: invoices.nextPaymentDueDate,
      totalPaidCents: invoices.totalPaidCents,
      acceptedPaymentMethods: invoices.acceptedPaymentMethods,
      projectId: invoices.projectId,
    })
    .from(invoices)
    .where(eq(invoices.clientId, actor.clientId))
    .orderBy(desc(invoices.dueDate), invoices.invoiceNumber);
}
