// The fake's CreateOrder, GetOrder, CreateInvoice and PublishInvoice: enough for the app to bill a
// client through Square (an order with line items, an invoice for it, published): retainer months
// and plans billed per period. Like Square, a
// repeated idempotency key answers the object it created the first time.
import { randomBytes } from "node:crypto";
import type http from "node:http";
import type { RawInvoice, RawLineItem, RawOrder } from "./fixtures";
import { json, readJson, squareError } from "./http";
import type { FakeState } from "./state";

type OrderBody = {
  idempotency_key?: string;
  order?: {
    location_id?: string;
    customer_id?: string;
    reference_id?: string;
    line_items?: { name?: string; quantity?: string; note?: string; base_price_money?: { amount?: number; currency?: string } }[];
  };
};

type InvoiceBody = {
  idempotency_key?: string;
  invoice?: {
    location_id?: string;
    order_id?: string;
    primary_recipient?: { customer_id?: string };
    title?: string;
    description?: string;
    sale_or_service_date?: string;
    payment_requests?: { request_type?: string; due_date?: string }[];
    accepted_payment_methods?: Record<string, boolean>;
  };
};

const missing = (res: http.ServerResponse, field: string) =>
  squareError(res, 400, "INVALID_REQUEST_ERROR", "MISSING_REQUIRED_PARAMETER", `Missing required parameter: ${field}`, field);

/** Answers the order and invoice calls; false when the request is none of them. */
export async function handleOrderInvoiceApi(
  state: FakeState,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  path: string,
): Promise<boolean> {
  const method = req.method ?? "GET";
  if (method === "POST" && path === "/v2/orders") {
    const body = (await readJson(req)) as OrderBody;
    const known = body.idempotency_key ? state.createdOrders.get(body.idempotency_key) : undefined;
    if (known) return (json(res, 200, { order: known }), true);
    const order = body.order;
    if (!order?.location_id) return (missing(res, "order.location_id"), true);
    if (!state.data.locations.some((l) => l.id === order.location_id)) {
      squareError(res, 400, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Location not found.", "order.location_id");
      return true;
    }
    const lines: RawLineItem[] = [];
    for (const [i, line] of (order.line_items ?? []).entries()) {
      const quantity = Number(line.quantity);
      const amount = line.base_price_money?.amount;
      if (!line.name || !Number.isFinite(quantity) || quantity <= 0 || typeof amount !== "number" || amount < 0) {
        squareError(res, 400, "INVALID_REQUEST_ERROR", "INVALID_VALUE", "Invalid line item.", `order.line_items[${i}]`);
        return true;
      }
      lines.push({
        uid: `line-${i}`,
        name: line.name,
        quantity: line.quantity!,
        base_price_money: { amount, currency: "USD" },
        // Square rounds each line's total to the cent, half away from zero.
        gross_sales_money: { amount: Math.round(quantity * amount), currency: "USD" },
        total_money: { amount: Math.round(quantity * amount), currency: "USD" },
        ...(line.note ? { note: line.note } : {}),
      });
    }
    if (lines.length === 0) return (missing(res, "order.line_items"), true);
    const now = new Date().toISOString();
    const created: RawOrder = {
      id: `order-fake-${randomBytes(8).toString("hex")}`,
      location_id: order.location_id,
      ...(order.customer_id ? { customer_id: order.customer_id } : {}),
      ...(order.reference_id ? { reference_id: order.reference_id } : {}),
      line_items: lines,
      total_money: { amount: lines.reduce((sum, l) => sum + l.total_money.amount, 0), currency: "USD" },
      state: "OPEN",
      created_at: now,
      updated_at: now,
      version: 1,
    };
    // Beside the fixture's orders, so BatchRetrieveOrders (the sync's line items) finds it too.
    state.data.orders.push(created);
    if (body.idempotency_key) state.createdOrders.set(body.idempotency_key, created);
    json(res, 200, { order: created });
    return true;
  }

  const orderMatch = /^\/v2\/orders\/([^/]+)$/.exec(path);
  if (method === "GET" && orderMatch) {
    const order = state.orderById(decodeURIComponent(orderMatch[1]!));
    if (order) json(res, 200, { order });
    else squareError(res, 404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Order not found.");
    return true;
  }

  if (method === "POST" && path === "/v2/invoices") {
    const body = (await readJson(req)) as InvoiceBody;
    const known = body.idempotency_key ? state.createdInvoices.get(body.idempotency_key) : undefined;
    if (known) return (json(res, 200, { invoice: known }), true);
    const input = body.invoice;
    if (!input?.order_id) return (missing(res, "invoice.order_id"), true);
    const order = state.orderById(input.order_id);
    if (!order) {
      squareError(res, 400, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Order not found.", "invoice.order_id");
      return true;
    }
    const customer = state.data.customers.find((c) => c.id === input.primary_recipient?.customer_id);
    if (!customer) {
      squareError(res, 400, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Customer not found.", "invoice.primary_recipient.customer_id");
      return true;
    }
    const request = input.payment_requests?.[0];
    if (!request?.due_date) return (missing(res, "invoice.payment_requests[0].due_date"), true);
    const now = new Date().toISOString();
    const n = 9000 + state.data.invoices.length;
    const invoice: RawInvoice = {
      id: `inv:0-fake-${randomBytes(8).toString("hex")}`,
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
          due_date: request.due_date,
          request_method: "EMAIL",
          computed_amount_money: { amount: order.total_money.amount, currency: "USD" },
          total_completed_amount_money: { amount: 0, currency: "USD" },
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
      accepted_payment_methods: { card: true, square_gift_card: false, bank_account: false, buy_now_pay_later: false, cash_app_pay: false },
      delivery_method: "EMAIL",
    };
    state.data.invoices.push(invoice);
    state.invoiceIndex.set(invoice.id, invoice);
    if (body.idempotency_key) state.createdInvoices.set(body.idempotency_key, invoice);
    json(res, 200, { invoice });
    return true;
  }

  const publishMatch = /^\/v2\/invoices\/([^/]+)\/publish$/.exec(path);
  if (method === "POST" && publishMatch) {
    const body = (await readJson(req)) as { version?: number };
    const invoice = state.invoiceIndex.get(decodeURIComponent(publishMatch[1]!));
    if (!invoice) {
      squareError(res, 404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Invoice not found.");
      return true;
    }
    // Publishing again what is already published answers it as it is (a retried call).
    if (invoice.status === "DRAFT") {
      if (body.version !== invoice.version) {
        squareError(res, 400, "INVALID_REQUEST_ERROR", "VERSION_MISMATCH", "The invoice version does not match.", "version");
        return true;
      }
      invoice.status = "UNPAID";
      invoice.version += 1;
      invoice.updated_at = new Date().toISOString();
      invoice.scheduled_at = invoice.updated_at;
      invoice.public_url = `https://squareup.com/pay-invoice/${encodeURIComponent(invoice.id)}`;
      invoice.next_payment_amount_money = { ...invoice.payment_requests[0]!.computed_amount_money, currency: "USD" };
    }
    json(res, 200, { invoice });
    return true;
  }

  // UpdateInvoice: the caller's version must be the current one (Square's optimistic concurrency).
  const updateMatch = /^\/v2\/invoices\/([^/]+)$/.exec(path);
  if (method === "PUT" && updateMatch) {
    const body = (await readJson(req)) as { invoice?: { version?: number; title?: string; description?: string } };
    const invoice = state.invoiceIndex.get(decodeURIComponent(updateMatch[1]!));
    if (!invoice) {
      squareError(res, 404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Invoice not found.");
      return true;
    }
    if (body.invoice?.version !== invoice.version) {
      squareError(res, 400, "INVALID_REQUEST_ERROR", "VERSION_MISMATCH", "The invoice version does not match.", "invoice.version");
      return true;
    }
    if (typeof body.invoice.title === "string") invoice.title = body.invoice.title;
    invoice.version += 1;
    invoice.updated_at = new Date().toISOString();
    json(res, 200, { invoice });
    return true;
  }
  return false;
}
