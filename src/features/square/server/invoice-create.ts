import "server-only";
import type { Square } from "square";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { squareInvoices } from "@/features/invoices/server";
import { SquareApiError, toSquareApiError } from "./client";
import { squareConfig } from "./config";
import { connectedLocation } from "./connected-location";
import { announceNewInvoices } from "./invoice-events";
import { mapSquareInvoice, type MappedInvoice } from "./invoice-mapping";
import type { SquareCall } from "./permissions";
import { squareSubscriptionTarget } from "./subscription-create";

// The firm's own invoices at Square: a retainer's month (docs/PRODUCT.md#retainer-hours) and a
// plan's period (docs/PRODUCT.md#plans-that-bill) are each an order with their lines and an
// invoice on that order to the client's billing customer, published so Square e-mails it. One
// function makes both; every create carries an idempotency key the caller derives from its own
// row, so a retried call creates nothing twice.

/** Hours (quarter hours) at an hourly rate: a measurement in Square, "2.25" hours. */
export type BilledHoursLine = { name: string; minutes: number; rateCents: number; note?: string };
/** One item at a price (a plan's period). */
export type BilledItemLine = { name: string; priceCents: number; note?: string };
export type SquareInvoiceLine = BilledHoursLine | BilledItemLine;

export type SquareInvoiceRequest = {
  /** The client billed: its first linked Square customer (docs/PRODUCT.md#square-sync-and-webhook). */
  clientId: string;
  title: string;
  lines: SquareInvoiceLine[];
  dueDate: string;
  saleOrServiceDate?: string;
  /** The order's reference: our row behind the invoice (Square keeps at most 40 characters). */
  referenceId: string;
  /** The idempotency key of each call, from the caller's row. */
  idempotencyKeys: { order: string; invoice: string; publish: string };
  acceptedPaymentMethods: Square.InvoiceAcceptedPaymentMethods;
  /** What the call does, for its error message ("billing the plan's period"). */
  doing: string;
};

export type PublishedSquareInvoice = { squareOrderId: string; squareCustomerId: string; invoice: MappedInvoice };

export type StoredClientInvoice = { invoiceId: string; squareInvoiceId: string; invoiceNumber: string; amountCents: number };

const NOT_BILLABLE = "Square is not connected, or the client is linked to no Square customer: link it under Square customers first.";

/** Whether a client can be billed through Square now (configured, connected, a customer linked). */
export async function canBillClientThroughSquare(db: Db, { clientId }: { clientId: string }): Promise<boolean> {
  return (await squareSubscriptionTarget(db, { clientId })) !== null;
}

function orderLine(line: SquareInvoiceLine): Square.OrderLineItem {
  const note = line.note ? { note: line.note } : {};
  if ("priceCents" in line)
    return { name: line.name, quantity: "1", basePriceMoney: { amount: BigInt(line.priceCents), currency: "USD" }, ...note };
  return {
    name: line.name,
    // Hours with two decimals are a measurement (quarter hours), not an item count.
    quantity: (line.minutes / 60).toFixed(2),
    quantityUnit: { measurementUnit: { timeUnit: "GENERIC_HOUR" }, precision: 2 },
    basePriceMoney: { amount: BigInt(line.rateCents), currency: "USD" },
    ...note,
  };
}

/**
 * Creates the order and its invoice at Square for the client's billing customer and publishes
 * it (a retry finds it published: Square answers it as it is); the invoice as we store it. Nothing
 * is stored here: the caller stores it with its own row (`storeSquareInvoice`).
 */
export async function createSquareInvoice(db: Db, request: SquareInvoiceRequest): Promise<PublishedSquareInvoice> {
  const config = squareConfig();
  const target = await squareSubscriptionTarget(db, { clientId: request.clientId });
  if (!config || !target) throw new SquareApiError(NOT_BILLABLE, 409);
  const { client, locationId } = await connectedLocation(db, config, {
    feature: "billing",
    noLocation: "Square has no location to bill from.",
  });
  const keys = request.idempotencyKeys;
  let call: SquareCall = "orders.create";
  try {
    const { order } = await client.orders.create({
      idempotencyKey: keys.order,
      order: {
        locationId,
        customerId: target.squareCustomerId,
        referenceId: request.referenceId.slice(0, 40),
        lineItems: request.lines.map(orderLine),
      },
    });
    if (!order?.id) throw new SquareApiError("Square answered without an order.", 502);
    call = "invoices.create";
    const { invoice: draft } = await client.invoices.create({
      idempotencyKey: keys.invoice,
      invoice: {
        locationId,
        orderId: order.id,
        primaryRecipient: { customerId: target.squareCustomerId },
        title: request.title,
        paymentRequests: [{ requestType: "BALANCE", dueDate: request.dueDate }],
        deliveryMethod: "EMAIL",
        acceptedPaymentMethods: request.acceptedPaymentMethods,
        ...(request.saleOrServiceDate ? { saleOrServiceDate: request.saleOrServiceDate } : {}),
      },
    });
    if (!draft?.id) throw new SquareApiError("Square answered without an invoice.", 502);
    call = "invoices.publish";
    const published =
      draft.status === "DRAFT"
        ? (await client.invoices.publish({ invoiceId: draft.id, version: draft.version ?? 0, idempotencyKey: keys.publish })).invoice
        : draft;
    const mapped = published ? mapSquareInvoice(published) : null;
    if (!mapped) throw new SquareApiError("Square did not publish the invoice.", 502);
    return { squareOrderId: order.id, squareCustomerId: target.squareCustomerId, invoice: mapped };
  } catch (error) {
    throw toSquareApiError(error, request.doing, call);
  }
}

/**
 * Stores an invoice Square published as one of the client's invoices, as the sync would store it
 * (the sync and webhooks later update the same row by its Square id). `announce` queues its "new
 * invoice" mail at once, in the caller's transaction; otherwise the next sync or webhook does.
 */
export async function storeSquareInvoice(
  tx: DbOrTx,
  { published, clientId, announce }: { published: PublishedSquareInvoice; clientId: string; announce: boolean },
): Promise<StoredClientInvoice> {
  await squareInvoices.upsert(tx, [{ ...published.invoice, clientId, squareCustomerId: published.squareCustomerId }]);
  if (announce) await announceNewInvoices(tx);
  const stored = await squareInvoices.findBySquareId(tx, published.invoice.squareInvoiceId);
  if (!stored) throw new SquareApiError("The invoice could not be stored.", 502);
  return {
    invoiceId: stored.id,
    squareInvoiceId: published.invoice.squareInvoiceId,
    invoiceNumber: stored.invoiceNumber,
    amountCents: stored.amountCents,
  };
}
