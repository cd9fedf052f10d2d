import "server-only";
import type { SquareClient } from "square";
import type { Db } from "@/server/core/db/client";
import { SquareApiError, toSquareApiError } from "./client";
import { squareConfig } from "./config";
import { connectedLocation } from "./connected-location";

// Plans that bill (docs/PRODUCT.md#portal-book-service): what the subscriptions module asks of
// Square once a plan runs by a Square subscription: cancelled at the end of its period or swapped
// to another plan variation there. A plan billed per period gets its invoice from
// createSquareInvoice (invoice-create.ts), like a retainer's month.

async function connectedClient(db: Db): Promise<{ client: SquareClient; locationId: string }> {
  const config = squareConfig();
  if (!config) throw new SquareApiError("Square is not configured.", 409);
  return connectedLocation(db, config, { feature: "planChanges", noLocation: "Square has no location to bill from." });
}

/** Square stops the subscription at the end of its paid period (CancelSubscription). */
export async function cancelSquareSubscription(db: Db, { squareSubscriptionId }: { squareSubscriptionId: string }): Promise<void> {
  const { client } = await connectedClient(db);
  try {
    await client.subscriptions.cancel({ subscriptionId: squareSubscriptionId });
  } catch (error) {
    throw toSquareApiError(error, "cancelling the subscription", "subscriptions.cancel");
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
    throw toSquareApiError(error, "switching the subscription's plan", "subscriptions.swapPlan");
  }
}
