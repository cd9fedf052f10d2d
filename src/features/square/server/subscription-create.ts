import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "@/server/core/db/client";
import { squareCustomers } from "./schema";
import { SquareApiError, toSquareApiError } from "./client";
import { squareConfig } from "./config";
import { connectedLocation } from "./connected-location";
import { loadConnection } from "./connection";

// Subscribing through Square (docs/PRODUCT.md#portal-book-service): with Square configured and
// connected, a plan linked to a Square plan variation, and a client linked to a Square customer,
// the subscription is created in Square for that customer. Square's subscription.created /
// subscription.updated webhook then confirms it (modules/square webhook.ts).

export type SquareSubscriptionTarget = { squareCustomerId: string };

/**
 * The Square customer a client's subscription is created for, or null when the Square path does
 * not apply (not configured, not connected, or no customer linked to the client): the request then
 * waits for an admin instead. The customer linked first is the client's billing customer.
 */
export async function squareSubscriptionTarget(db: Db, { clientId }: { clientId: string }): Promise<SquareSubscriptionTarget | null> {
  if (!squareConfig() || !(await loadConnection(db))) return null;
  const [customer] = await db
    .select({ id: squareCustomers.squareCustomerId })
    .from(squareCustomers)
    .where(and(eq(squareCustomers.clientId, clientId), isNull(squareCustomers.ignoredAt)))
    .orderBy(asc(squareCustomers.linkedAt), asc(squareCustomers.squareCustomerId))
    .limit(1);
  return customer ? { squareCustomerId: customer.id } : null;
}

/**
 * Creates the subscription in Square (CreateSubscription, at the seller's first location). The
 * idempotency key is our row's id, so a retried call creates nothing twice. Returns Square's id.
 */
export async function createSquareSubscription(
  db: Db,
  { squareCustomerId, planVariationId, idempotencyKey }: { squareCustomerId: string; planVariationId: string; idempotencyKey: string },
): Promise<{ squareSubscriptionId: string; status: string | null }> {
  const config = squareConfig();
  if (!config) throw new SquareApiError("Square is not configured.", 503);
  const { client, locationId } = await connectedLocation(db, config, {
    feature: "subscribe",
    noLocation: "Square has no location to create the subscription at.",
  });
  try {
    const { subscription } = await client.subscriptions.create({
      idempotencyKey,
      locationId,
      planVariationId,
      customerId: squareCustomerId,
    });
    if (!subscription?.id) throw new SquareApiError("Square answered without a subscription.", 502);
    return { squareSubscriptionId: subscription.id, status: subscription.status ?? null };
  } catch (error) {
    throw toSquareApiError(error, "creating the subscription", "subscriptions.create");
  }
}
