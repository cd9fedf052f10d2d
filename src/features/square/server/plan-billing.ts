import "server-only";
import type { SquareClient } from "square";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { createSquareClient, SquareApiError, toSquareApiError } from "./client";
import { squareConfig } from "./config";
import { usableConnection } from "./connection";
import { announceNewInvoices } from "./invoice-events";
import { mapSquareInvoice, type MappedInvoice } from "./invoice-mapping";
import { upsertInvoices } from "./invoice-upsert";
import { listLocationIds } from "./square-fetch";

// Plans that bill (docs/PRODUCT.md#portal-book-service): what the subscriptions module asks of
// Square once a plan runs. A plan billed per period gets an order (its one line: the plan and the
// period) and an invoice on that order, published so Square e-mails it; a plan run by a Square
// subscription is cancelled at the end of its period or swapped to another plan variation there.
// Every create carries an idempotency key derived from our row, so a retry creates nothing twice.

async function connectedClient(db: Db): Promise<{ client: SquareClient; locationId: string }> {
  const config = squareConfig();
  if (!config) throw new SquareApiError("Square is not configured.", 409);
  const connection = await usableConnection(db, config);
  const client = createSquareClient(config, connection.accessToken);
  const [locationId] = await listLocationIds(client);
  if (!locationId) throw new SquareApiError("Square has no location to bill from.", 409);
  return { client, locationId };
}

export type PeriodInvoiceRequest = {
  /** Our billing period's id: the idempotency keys of the order, the invoice and its publication. */
  periodId: string;
  squareCustomerId: string;
  planName: string;
  amountCents: number;
  periodStart: string;
  periodEnd: string;
  /** The day payment is due (the period's first day: a plan is paid in advance). */
  dueDate: string;
};

export type PublishedPeriodInvoice = { squareOrderId: string; invoice: MappedInvoice };

/** Creates the period's order and invoice at Square and publishes it; the invoice as we store it. */
export async function createPeriodInvoice(db: Db, request: PeriodInvoiceRequest): Promise<PublishedPeriodInvoice> {
  const { client, locationId } = await connectedClient(db);
  const title = `${request.planName} plan, ${request.periodStart} to ${request.periodEnd}`;
  try {
    const { order } = await client.orders.create({
      idempotencyKey: `order-${request.periodId}`,
      order: {
        locationId,
        customerId: request.squareCustomerId,
        referenceId: request.periodId,
        lineItems: [
          {
            name: `${request.planName} support plan`,
            note: `${request.periodStart} to ${request.periodEnd}`,
            quantity: "1",
            basePriceMoney: { amount: BigInt(request.amountCents), currency: "USD" },
          },
        ],
      },
    });
    if (!order?.id) throw new SquareApiError("Square answered without an order.", 502);
    const { invoice: draft } = await client.invoices.create({
      idempotencyKey: `invoice-${request.periodId}`,
      invoice: {
        locationId,
        orderId: order.id,
        primaryRecipient: { customerId: request.squareCustomerId },
        paymentRequests: [{ requestType: "BALANCE", dueDate: request.dueDate }],
        deliveryMethod: "EMAIL",
        acceptedPaymentMethods: { card: true, bankAccount: true },
        title,
        saleOrServiceDate: request.periodStart,
      },
    });
    if (!draft?.id) throw new SquareApiError("Square answered without an invoice.", 502);
    // A retry finds the invoice already published: Square answers it as it is.
    const published =
      draft.status === "DRAFT"
        ? (
            await client.invoices.publish({
              invoiceId: draft.id,
              version: draft.version ?? 0,
              idempotencyKey: `publish-${request.periodId}`,
            })
          ).invoice
        : draft;
    const mapped = published ? mapSquareInvoice(published) : null;
    if (!mapped) throw new SquareApiError("Square did not publish the invoice.", 502);
    return { squareOrderId: order.id, invoice: mapped };
  } catch (error) {
    throw toSquareApiError(error, "billing the plan's period");
  }
}

/**
 * Stores a period invoice Square published as one of the client's invoices (Billing shows it at
 * once; the sync and webhooks later update the same row by its Square id) and queues its mail.
 */
export async function storePeriodInvoice(
  tx: DbOrTx,
  { invoice, squareCustomerId, clientId }: { invoice: MappedInvoice; squareCustomerId: string; clientId: string },
): Promise<void> {
  await upsertInvoices(tx, [{ ...invoice, squareCustomerId, clientId }]);
  await announceNewInvoices(tx);
}

/** Square stops the subscription at the end of its paid period (CancelSubscription). */
export async function cancelSquareSubscription(db: Db, { squareSubscriptionId }: { squareSubscriptionId: string }): Promise<void> {
  const { client } = await connectedClient(db);
  try {
    await client.subscriptions.cancel({ subscriptionId: squareSubscriptionId });
  } catch (error) {
    throw toSquareApiError(error, "cancelling the subscription");
  }
}

/** Square moves the subscription to another plan variation from its next billing date (SwapPlan). */
export async function swapSquareSubscriptionPlan(
  db: Db,
  { squareSubscriptionId, planVariationId }: { squareSubscriptionId: string; planVariationId: string },
): Promise<void> {
  const { client } = await connectedClient(db);
  try {
    await client.subscriptions.swapPlan({ subscriptionId: squareSubscriptionId, newPlanVariationId: planVariationId });
  } catch (error) {
    throw toSquareApiError(error, "switching the subscription's plan");
  }
}
