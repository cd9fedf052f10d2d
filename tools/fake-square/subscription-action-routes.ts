// The fake's subscription actions: CancelSubscription and SwapPlan (a plan run by a Square
// subscription). Orders and invoices, which plans billed per period create, are
// order-invoice-routes.ts's.
import type http from "node:http";
import { randomBytes } from "node:crypto";
import type { RawSubscription } from "./fixtures";
import { json, readJson, squareError } from "./http";
import type { FakeState } from "./state";

const missing = (res: http.ServerResponse, field: string) =>
  squareError(res, 400, "INVALID_REQUEST_ERROR", "MISSING_REQUIRED_PARAMETER", `Missing required parameter: ${field}`, field);

type RawSubscriptionWithActions = RawSubscription & {
  canceled_date?: string;
  actions?: { id: string; type: string; effective_date: string; new_plan_variation_id?: string }[];
};

function subscriptionOf(state: FakeState, id: string) {
  return state.data.subscriptions.find((s) => s.id === id) as RawSubscriptionWithActions | undefined;
}

/** The day the subscription's next period starts (its paid-through date, else today). */
const nextBillingDate = (s: RawSubscription) => s.charged_through_date ?? new Date().toISOString().slice(0, 10);

function cancelSubscription(state: FakeState, res: http.ServerResponse, id: string) {
  const subscription = subscriptionOf(state, id);
  if (!subscription) return squareError(res, 404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Subscription not found.");
  if (subscription.status === "CANCELED" || subscription.canceled_date)
    return squareError(res, 400, "INVALID_REQUEST_ERROR", "BAD_REQUEST", "The subscription is already cancelled.");
  // Square keeps it ACTIVE until the end of the paid period, then CANCELED.
  subscription.canceled_date = nextBillingDate(subscription);
  subscription.version += 1;
  return json(res, 200, { subscription });
}

function swapPlan(state: FakeState, res: http.ServerResponse, id: string, body: Record<string, unknown>) {
  const subscription = subscriptionOf(state, id);
  if (!subscription) return squareError(res, 404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Subscription not found.");
  const variation = body.new_plan_variation_id;
  if (typeof variation !== "string" || !variation) return missing(res, "new_plan_variation_id");
  const action = {
    id: `action-fake-${randomBytes(6).toString("hex")}`,
    type: "SWAP_PLAN",
    effective_date: nextBillingDate(subscription),
    new_plan_variation_id: variation,
  };
  subscription.actions = [...(subscription.actions ?? []).filter((a) => a.type !== "SWAP_PLAN"), action];
  subscription.version += 1;
  return json(res, 200, { subscription, actions: [action] });
}

/** UpdateSubscription: only with the current version (Square's VERSION_MISMATCH otherwise). */
function updateSubscription(state: FakeState, res: http.ServerResponse, id: string, body: Record<string, unknown>) {
  const subscription = subscriptionOf(state, id);
  if (!subscription) return squareError(res, 404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Subscription not found.");
  const change = (body.subscription ?? {}) as { version?: number; card_id?: string };
  if (change.version !== subscription.version)
    return squareError(
      res,
      400,
      "INVALID_REQUEST_ERROR",
      "VERSION_MISMATCH",
      "The subscription version does not match.",
      "subscription.version",
    );
  subscription.version += 1;
  return json(res, 200, { subscription });
}

/** Answers a subscription action, or false when the request is none of them. */
export async function handleSubscriptionActions(
  state: FakeState,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  path: string,
): Promise<boolean> {
  const update = /^\/v2\/subscriptions\/([^/]+)$/.exec(path);
  if (req.method === "PUT" && update) {
    updateSubscription(state, res, decodeURIComponent(update[1]!), await readJson(req));
    return true;
  }
  if (req.method !== "POST") return false;
  const cancel = /^\/v2\/subscriptions\/([^/]+)\/cancel$/.exec(path);
  const swap = /^\/v2\/subscriptions\/([^/]+)\/swap-plan$/.exec(path);
  if (cancel) cancelSubscription(state, res, decodeURIComponent(cancel[1]!));
  else if (swap) swapPlan(state, res, decodeURIComponent(swap[1]!), await readJson(req));
  else return false;
  return true;
}
