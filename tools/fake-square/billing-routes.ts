// The fake's billing calls: CreateOrder, CreateInvoice and PublishInvoice (a plan billed per
// period), CancelSubscription and SwapPlan (a plan run by a Square subscription). Each create
// answers the same object again for the same idempotency key, as Square does.
import type http from "node:http";
import { randomBytes } from "node:crypto";
import type { Money, RawInvoice, RawSubscription } from "./fixtures";
import { json, readJson, squareError } from "./http";
import type { FakeState } from "./state";

export type RawOrder = {
  id: string;
  location_id: string;
  customer_id?: string;
  reference_id?: string;
  line_items: { uid: string; name: string; note?: string; quantity: string; base_price_money: Money; total_money: Money }[];
  total_money: Money;
  state: "OPEN";
  created_at: string;
};

/** What billing calls created, with their idempotency keys (cleared by a reset). */
export class FakeBilling {
  readonly orders = new Map<string, RawOrder>();
  readonly byKey = new Map<string, unknown>();
  clear(): void {
    this.orders.clear();
    this.byKey.clear();
  }
}

type LineInput = { name?: string; note?: string; quantity?: string; base_price_money?: { amount?: number; currency?: string } };

const missing = (res: http.ServerResponse, field: string) =>
  squareError(res, 400, "INVALID_REQUEST_ERROR", "MISSING_REQUIRED_PARAMETER", `Missing required parameter: ${field}`, field);

function once<T>(state: FakeState, key: unknown, make: () => T): T {
  const k = typeof key === "string" && key ? key : `auto-${randomBytes(8).toString("hex")}`;
  const known = state.billing.byKey.get(k);
  if (known) return known as T;
  const made = make();
  state.billing.byKey.set(k, made);
  return made;
}

function createOrder(state: FakeState, res: http.ServerResponse, body: Record<string, unknown>) {
  const order = (body.order ?? {}) as { location_id?: string; customer_id?: string; reference_id?: string; line_items?: LineInput[] };
  if (!order.location_id) return missing(res, "order.location_id");
  if (!state.data.locations.some((l) => l.id === order.location_id))
    return squareError(res, 400, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Location not found.", "order.location_id");
  const lines = order.line_items ?? [];
  if (lines.length === 0) return missing(res, "order.line_items");
  const made = once(state, body.idempotency_key, () => {
    const lineItems = lines.map((line, i) => {
      const quantity = line.quantity ?? "1";
      const amount = Number(line.base_price_money?.amount ?? 0);
      return {
        uid: `line-${i}`,
        name: line.name ?? "Item",
        ...(line.note ? { note: line.note } : {}),
        quantity,
        base_price_money: { amount, currency: "USD" as const },
        total_money: { amount: amount * Number(quantity), currency: "USD" as const },
      };
    });
    const created: RawOrder = {
      id: `order-fake-${randomBytes(8).toString("hex")}`,
      location_id: order.location_id!,
      ...(order.customer_id ? { customer_id: order.customer_id } : {}),
      ...(order.reference_id ? { reference_id: order.reference_id } : {}),
      line_items: lineItems,
      total_money: { amount: lineItems.reduce((n, l) => n + l.total_money.amount, 0), currency: "USD" },
      state: "OPEN",
      created_at: new Date().toISOString(),
    };
    state.billing.orders.set(created.id, created);
    return created;
  });
  return json(res, 200, { order: made });
}

type InvoiceInput = {
  location_id?: string;
  order_id?: string;
  primary_recipient?: { customer_id?: string };
  payment_requests?: { request_type?: string; due_date?: string }[];
  title?: string;
  description?: string;
  sale_or_service_date?: string;
};

function createInvoice(state: FakeState, res: http.ServerResponse, body: Record<string, unknown>) {
  const input = (body.invoice ?? {}) as InvoiceInput;
  if (!input.order_id) return missing(res, "invoice.order_id");
  const order = state.billing.orders.get(input.order_id);
  if (!order) return squareError(res, 400, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Order not found.", "invoice.order_id");
  const customerId = input.primary_recipient?.customer_id;
  const customer = state.data.customers.find((c) => c.id === customerId);
  if (!customer) return squareError(res, 400, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Customer not found.", "invoice.primary_recipient");
  const dueDate = input.payment_requests?.[0]?.due_date;
  if (!dueDate) return missing(res, "invoice.payment_requests[0].due_date");
  const invoice = once(state, body.idempotency_key, () => {
    const n = 9000 + state.data.invoices.length;
    const now = new Date().toISOString();
    const created: RawInvoice = {
      id: `inv:0-fake-${randomBytes(6).toString("hex")}`,
      version: 0,
      location_id: order.location_id,
      order_id: order.id,
      primary_recipient: {
        customer_id: customer.id,
        given_name: customer.given_name,
        family_name: customer.family_name,
        email_address: customer.email_address,
        company_name: customer.company_name,
      },
      payment_requests: [
        {
          uid: `req-${n}-0`,
          request_type: "BALANCE",
          due_date: dueDate,
          computed_amount_money: { ...order.total_money },
          total_completed_amount_money: { amount: 0, currency: "USD" },
          request_method: "EMAIL",
        },
      ],
      invoice_number: `SQ-${n}`,
      ...(input.title ? { title: input.title } : {}),
      ...(input.description ? { description: input.description } : {}),
      ...(input.sale_or_service_date ? { sale_or_service_date: input.sale_or_service_date } : {}),
      status: "DRAFT",
      timezone: "UTC",
      created_at: now,
      updated_at: now,
      accepted_payment_methods: { card: true, square_gift_card: false, bank_account: true, buy_now_pay_later: false, cash_app_pay: false },
      delivery_method: "EMAIL",
    };
    state.data.invoices.push(created);
    state.invoiceIndex.set(created.id, created);
    return created;
  });
  return json(res, 200, { invoice });
}

function publishInvoice(state: FakeState, res: http.ServerResponse, id: string, body: Record<string, unknown>) {
  const invoice = state.invoiceIndex.get(id);
  if (!invoice) return squareError(res, 404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Invoice not found.");
  if (invoice.status === "DRAFT") {
    if (Number(body.version) !== invoice.version)
      return squareError(res, 400, "INVALID_REQUEST_ERROR", "VERSION_MISMATCH", "The invoice version does not match.", "version");
    invoice.status = "UNPAID";
    invoice.version += 1;
    invoice.updated_at = new Date().toISOString();
    invoice.public_url = `https://squareup.com/pay-invoice/${encodeURIComponent(invoice.id)}`;
    invoice.next_payment_amount_money = { ...invoice.payment_requests[0]!.computed_amount_money };
  }
  return json(res, 200, { invoice });
}

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

/** Answers a billing call, or false when the request is none of them. */
export async function handleBilling(state: FakeState, req: http.IncomingMessage, res: http.ServerResponse, path: string): Promise<boolean> {
  if (req.method !== "POST") return false;
  const publish = /^\/v2\/invoices\/([^/]+)\/publish$/.exec(path);
  const cancel = /^\/v2\/subscriptions\/([^/]+)\/cancel$/.exec(path);
  const swap = /^\/v2\/subscriptions\/([^/]+)\/swap-plan$/.exec(path);
  if (path === "/v2/orders") createOrder(state, res, await readJson(req));
  else if (path === "/v2/invoices") createInvoice(state, res, await readJson(req));
  else if (publish) publishInvoice(state, res, decodeURIComponent(publish[1]!), await readJson(req));
  else if (cancel) cancelSubscription(state, res, decodeURIComponent(cancel[1]!));
  else if (swap) swapPlan(state, res, decodeURIComponent(swap[1]!), await readJson(req));
  else return false;
  return true;
}
