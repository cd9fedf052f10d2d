import "server-only";
import { formatCents } from "@/lib/format";
import type { DbOrTx } from "@/server/core/db/client";
import { newInvoiceEvent, notifyClientsBulk, notifyInvoicePaid } from "@/features/notifications/server";
import { queueWebhookEvents, type WebhookEventInput } from "@/features/webhooks/server";
import { squareInvoices, type SquareInvoiceUpsert } from "@/features/invoices/server";

/**
 * Mails "new invoice" for each invoice that has just become visible in a portal: inserted by a
 * sync or webhook and given a client (at once, or later when its customer is linked). Marking
 * announced_at and queueing the mail share the caller's transaction, so a re-sync, a replayed
 * webhook or a second instance finds nothing left to announce. An invoice first seen already
 * paid or cancelled is marked without a mail.
 */
export async function announceNewInvoices(tx: DbOrTx): Promise<number> {
  const billable = (await squareInvoices.markAnnounced(tx)).filter((row) => row.status === "pending" || row.status === "overdue");
  // The company's systems hear of it too: ids only, the number and amount for a chat.
  await queueWebhookEvents(
    tx,
    billable.map((invoice) => invoiceEvent("invoice.created", invoice)),
  );
  const events = billable.map((invoice) => ({ clientId: invoice.clientId, event: newInvoiceEvent(invoice) }));
  // One sync may announce thousands: recipients read once, mails stored in bulk.
  return notifyClientsBulk(tx, events);
}

const invoiceEvent = (
  type: "invoice.created" | "invoice.paid",
  invoice: { id: string; clientId: string; invoiceNumber: string; amountCents: number },
): WebhookEventInput => ({
  clientId: invoice.clientId,
  type,
  data: { invoiceId: invoice.id },
  chatText: `${type === "invoice.created" ? "New invoice" : "Invoice paid"}: ${invoice.invoiceNumber}, ${formatCents(invoice.amountCents)}`,
  portalPath: `/client-portal?section=billing&invoice=${invoice.id}`,
});

type PaidTransition = SquareInvoiceUpsert["paid"][number];

/** Receipts for the invoices an upsert turned paid. */
export async function sendPaidReceipts(tx: DbOrTx, paid: PaidTransition[]): Promise<void> {
  for (const invoice of paid) await notifyInvoicePaid(tx, invoice);
  await queueWebhookEvents(
    tx,
    paid.map((invoice) => invoiceEvent("invoice.paid", { ...invoice, amountCents: invoice.totalPaidCents })),
  );
}
