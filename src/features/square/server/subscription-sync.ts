import "server-only";
import type { Square } from "square";
import type { SubscriptionStatus } from "@/lib/domain/subscription-status";
import { hasInvalidCharacter, isoDateSchema } from "@/lib/validation/common";
import type { DbOrTx } from "@/server/core/db/client";
import { linkedClientsOf, recordSeenCustomers } from "./customer-links";
import { squarePorts, type SquareSubscriptionUpdate } from "./ports";

// Square subscriptions → our client_subscriptions rows that carry their id: kept in step (status
// and the end of the paid period) by the sync and the webhook; the webhook also creates the row of
// a subscription made in Square (createSubscriptionFromSquare).

/** ACTIVE → active, PAUSED → paused, CANCELED/DEACTIVATED/COMPLETED → cancelled; PENDING changes nothing. */
export function mapSubscriptionStatus(status: string | undefined): SubscriptionStatus | null {
  switch (status) {
    case "ACTIVE":
      return "active";
    case "PAUSED":
      return "paused";
    case "CANCELED":
    case "DEACTIVATED":
    case "COMPLETED":
      return "cancelled";
    default:
      return null;
  }
}

/** Square's version (a BigInt in the SDK), when it is a safe integer. */
function versionOf(value: bigint | number | undefined): number | null {
  if (value === undefined || value === null) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** A real calendar date, or null: "2026-99-99" matches the pattern and fails PostgreSQL's cast. */
function realDate(value: string | null | undefined): string | null {
  return typeof value === "string" && isoDateSchema.safeParse(value).success ? value : null;
}

/**
 * What in a subscription from a webhook could not be stored as it is (its ids are looked up and
 * stored as text, its date cast by PostgreSQL), as the reason of a 400; null when nothing. The
 * sync, which reads Square's own API, drops such values instead (subscriptionUpdates).
 */
export function subscriptionProblem(subscription: Square.Subscription): string | null {
  for (const [field, value] of [
    ["id", subscription.id],
    ["customer_id", subscription.customerId],
    ["plan_variation_id", subscription.planVariationId],
  ] as const) {
    if (value !== undefined && value !== null && (typeof value !== "string" || hasInvalidCharacter(value)))
      return `The event's subscription has an invalid ${field}: it must be text without NUL or lone surrogates.`;
  }
  const through = subscription.chargedThroughDate;
  if (through !== undefined && through !== null && !realDate(through))
    return "The event's subscription has a charged_through_date that is not a real date.";
  return null;
}

export function subscriptionUpdates(subscriptions: Square.Subscription[]): SquareSubscriptionUpdate[] {
  const updates: SquareSubscriptionUpdate[] = [];
  for (const s of subscriptions) {
    const status = mapSubscriptionStatus(s.status);
    if (!s.id || !status) continue;
    const day = realDate(s.chargedThroughDate);
    const through = day ? `${day}T00:00:00Z` : null;
    const variation = typeof s.planVariationId === "string" ? s.planVariationId.replaceAll("\u0000", "") || null : null;
    updates.push({ id: s.id.replaceAll("\u0000", ""), status, period_end: through, version: versionOf(s.version), variation });
  }
  return updates;
}

/** Square's states applied to the rows carrying their ids, in one statement (the subscriptions module's); how many changed. */
export async function applySubscriptionUpdates(db: DbOrTx, subscriptions: Square.Subscription[]): Promise<number> {
  const updates = subscriptionUpdates(subscriptions);
  if (updates.length === 0) return 0;
  return (await squarePorts()).subscriptions.applyUpdates(db, updates);
}

const clean = (value: string | null | undefined) => value?.replaceAll("\u0000", "") || null;

/**
 * A subscription Square has and we do not (made in Square's dashboard or by a checkout) becomes a
 * row, on the plan linked to its plan variation, owned by the client its Square customer is
 * linked to, or by none while the customer is linked to no client (it waits in the unmatched
 * queue and shows in no portal, the invoices' ownership rule). A pending request of that client
 * for the same plan becomes it. An active one for a client that already has one waits as pending.
 * False when no plan names its variation (nothing to tie it to). Runs in the caller's transaction.
 */
export async function createSubscriptionFromSquare(db: DbOrTx, subscription: Square.Subscription): Promise<boolean> {
  const squareId = clean(subscription.id);
  const customerId = clean(subscription.customerId);
  const variation = clean(subscription.planVariationId);
  if (!squareId || !customerId || !variation) return false;
  const { subscriptions } = await squarePorts();
  const tierId = await subscriptions.planOfVariation(db, variation);
  if (!tierId) return false;
  await recordSeenCustomers(db, [{ squareCustomerId: customerId, name: null, email: null }]);
  const clientId = (await linkedClientsOf(db, [customerId])).get(customerId) ?? null;
  const update = subscriptionUpdates([subscription])[0];
  const wanted = update?.status ?? "pending";
  if (clientId) {
    // The client's request for this plan, asked in the portal: Square's subscription is its answer.
    const request = { clientId, tierId, squareSubscriptionId: squareId, squareCustomerId: customerId };
    if (await subscriptions.adoptPendingRequest(db, request)) {
      await applySubscriptionUpdates(db, [subscription]);
      return true;
    }
  }
  await subscriptions.insertFromSquare(db, {
    clientId,
    squareCustomerId: customerId,
    squareSubscriptionId: squareId,
    tierId,
    status: wanted,
    periodEnd: update?.period_end ?? null,
    version: update?.version ?? null,
  });
  return true;
}
