import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/server/core/db/client";
import { invoices } from "@/server/core/db/schema";
import { createSquareClient, SquareApiError, toSquareApiError } from "./client";
import { squareConfig } from "./config";
import { usableConnection } from "./connection";
import { mapSquareInvoice } from "./invoice-mapping";
import { upsertInvoices } from "./invoice-upsert";
import { listLocationIds } from "./square-fetch";
import { squareSubscriptionTarget } from "./subscription-create";

/** One line of an invoice the firm bills through Square: hours (quarter hours) at a rate. */
export type BilledHoursLine = { name: string; minutes: number; rateCents: number; note?: string };

export type CreatedClientInvoice = { invoiceId: string; squareInvoiceId: string; invoiceNumber: string; amountCents: number };

const NOT_BILLABLE = "Square is not connected, or the client is linked to no Square customer: link it under Square customers first.";

/** Whether a client can be billed through Square now (configured, connected, a customer linked). */
export async function canBillClientThroughSquare(db: Db, { clientId }: { clientId: string }): Promise<boolean> {
  return (await squareSubscriptionTarget(db, { clientId })) !== null;
}

/**
 * Bills hours to a client through Square (docs/PRODUCT.md#retainer-hours): an order with one line
 * per entry of `lines` (decimal hours at the rate), an invoice for it to the client's billing
 * customer, published; then the invoice is stored with the client, as the sync would store it.
 * Square's idempotency keys derive from `idempotencyKey`, so a retried call bills nothing twice.
 */
export async function createClientInvoice(
  db: Db,
  {
    clientId,
    title,
    lines,
    dueDate,
    idempotencyKey,
  }: { clientId: string; title: string; lines: BilledHoursLine[]; dueDate: string; idempotencyKey: string },
): Promise<CreatedClientInvoice> {
  const config = squareConfig();
  const target = await squareSubscriptionTarget(db, { clientId });
  if (!config || !target) throw new SquareApiError(NOT_BILLABLE, 409);
  const connection = await usableConnection(db, config);
  const client = createSquareClient(config, connection.accessToken);
  const [locationId] = await listLocationIds(client);
  if (!locationId) throw new SquareApiError("Square has no location to bill from.", 409);
  let mapped;
  try {
    const { order } = await client.orders.create({
      idempotencyKey: `${idempotencyKey}-order`,
      order: {
        locationId,
        customerId: target.squareCustomerId,
        referenceId: idempotencyKey.slice(0, 40),
        lineItems: lines.map((line) => ({
          name: line.name,
          // Hours with two decimals are a measurement (quarter hours), not an item count.
          quantity: (line.minutes / 60).toFixed(2),
          quantityUnit: { measurementUnit: { timeUnit: "GENERIC_HOUR" }, precision: 2 },
          basePriceMoney: { amount: BigInt(line.rateCents), currency: "USD" },
          ...(line.note ? { note: line.note } : {}),
        })),
      },
    });
    if (!order?.id) throw new SquareApiError("Square answered without an order.", 502);
    const { invoice: draft } = await client.invoices.create({
      idempotencyKey: `${idempotencyKey}-invoice`,
      invoice: {
        locationId,
        orderId: order.id,
        primaryRecipient: { customerId: target.squareCustomerId },
        title,
        paymentRequests: [{ requestType: "BALANCE", dueDate }],
        deliveryMethod: "EMAIL",
        acceptedPaymentMethods: { card: true, bankAccount: false, squareGiftCard: false, buyNowPayLater: false, cashAppPay: false },
      },
    });
    if (!draft?.id || draft.version === undefined) throw new SquareApiError("Square answered without an invoice.", 502);
    const { invoice } =
      draft.status === "DRAFT"
        ? await client.invoices.publish({ invoiceId: draft.id, version: draft.version, idempotencyKey: `${idempotencyKey}-publish` })
        : { invoice: draft };
    mapped = invoice ? mapSquareInvoice(invoice) : null;
  } catch (error) {
    throw toSquareApiError(error, "creating the invoice");
  }
  if (!mapped) throw new SquareApiError("Square answered without a published invoice.", 502);
  await upsertInvoices(db, [{ ...mapped, clientId, squareCustomerId: target.squareCustomerId }]);
  const [stored] = await db
    .select({ id: invoices.id, amountCents: invoices.amountCents, invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    .where(eq(invoices.squareInvoiceId, mapped.squareInvoiceId));
  if (!stored) throw new SquareApiError("The invoice could not be stored.", 502);
  return {
    invoiceId: stored.id,
    squareInvoiceId: mapped.squareInvoiceId,
    invoiceNumber: stored.invoiceNumber,
    amountCents: stored.amountCents,
  };
}
