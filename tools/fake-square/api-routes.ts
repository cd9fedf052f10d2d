// The fake's /v2 API: locations, invoices (list, search, create, publish), orders, customers, subscriptions. Every call
// needs a live bearer token, as at Square.
import type http from "node:http";
import { handleSubscriptionActions } from "./subscription-action-routes";
import { json, listPage, readJson, squareError } from "./http";
import { handleOrderInvoiceApi } from "./order-invoice-routes";
import { insufficientScopes, lackingScopes } from "./scopes";
import type { FakeState } from "./state";

type SearchBody = { query?: { filter?: { location_ids?: string[]; customer_ids?: string[] } }; limit?: number; cursor?: string };

export async function handleApi(state: FakeState, req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
  const method = req.method ?? "GET";
  const path = url.pathname;
  const auth = req.headers.authorization ?? "";
  const status = state.tokenStatus(auth.startsWith("Bearer ") ? auth.slice(7) : undefined);
  if (status !== "ok") {
    const code = status === "expired" ? "ACCESS_TOKEN_EXPIRED" : status === "revoked" ? "ACCESS_TOKEN_REVOKED" : "UNAUTHORIZED";
    return squareError(res, 401, "AUTHENTICATION_ERROR", code, "This request could not be authorized.");
  }
  const lacking = lackingScopes(method, path, state.scopesOf(auth.slice(7)));
  if (lacking.length > 0) return insufficientScopes(res, lacking);
  const { data, maxPageSize } = state;

  if (await handleSubscriptionActions(state, req, res, path)) return;

  if (method === "GET" && path === "/v2/locations") return json(res, 200, { locations: data.locations });

  if (method === "GET" && path === "/v2/invoices") {
    const locationId = url.searchParams.get("location_id");
    if (!locationId)
      return squareError(
        res,
        400,
        "INVALID_REQUEST_ERROR",
        "MISSING_REQUIRED_PARAMETER",
        "Missing required parameter: location_id",
        "location_id",
      );
    const items = data.invoices.filter((i) => i.location_id === locationId);
    return listPage(res, {
      items,
      key: "invoices",
      scope: `list:${locationId}`,
      cursor: url.searchParams.get("cursor"),
      limit: url.searchParams.get("limit"),
      defaultLimit: 100,
      maxLimit: maxPageSize,
    });
  }

  if (method === "POST" && path === "/v2/invoices/search") {
    const body = (await readJson(req)) as SearchBody;
    const locationIds = body.query?.filter?.location_ids ?? [];
    if (locationIds.length !== 1)
      return squareError(
        res,
        400,
        "INVALID_REQUEST_ERROR",
        "INVALID_ARRAY_LENGTH",
        "Exactly one location id is required.",
        "query.filter.location_ids",
      );
    const customerIds = body.query?.filter?.customer_ids;
    const items = data.invoices.filter(
      (i) => i.location_id === locationIds[0] && (!customerIds?.length || customerIds.includes(i.primary_recipient.customer_id)),
    );
    const scope = `search:${locationIds[0]}:${(customerIds ?? []).join(",")}`;
    return listPage(res, {
      items,
      key: "invoices",
      scope,
      cursor: body.cursor,
      limit: body.limit,
      defaultLimit: 100,
      maxLimit: maxPageSize,
    });
  }

  const invoiceMatch = /^\/v2\/invoices\/([^/]+)$/.exec(path);
  if (method === "GET" && invoiceMatch) {
    const invoice = state.invoiceIndex.get(decodeURIComponent(invoiceMatch[1]!));
    return invoice ? json(res, 200, { invoice }) : squareError(res, 404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Invoice not found.");
  }

  // BatchRetrieveOrders: unknown ids are left out, as at Square; at most 100 ids a call.
  if (method === "POST" && path === "/v2/orders/batch-retrieve") {
    const body = (await readJson(req)) as { location_id?: string; order_ids?: string[] };
    const ids = body.order_ids ?? [];
    if (ids.length === 0 || ids.length > 100)
      return squareError(
        res,
        400,
        "INVALID_REQUEST_ERROR",
        "INVALID_ARRAY_LENGTH",
        "Between 1 and 100 order ids are required.",
        "order_ids",
      );
    const wanted = new Set(ids);
    const orders = data.orders.filter((o) => wanted.has(o.id) && (!body.location_id || o.location_id === body.location_id));
    return json(res, 200, { orders });
  }

  const customerMatch = /^\/v2\/customers\/([^/]+)$/.exec(path);
  if (method === "GET" && customerMatch) {
    const customer = data.customers.find((c) => c.id === decodeURIComponent(customerMatch[1]!));
    return customer ? json(res, 200, { customer }) : squareError(res, 404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Customer not found.");
  }

  if (method === "POST" && path === "/v2/subscriptions") {
    const body = (await readJson(req)) as {
      idempotency_key?: string;
      location_id?: string;
      customer_id?: string;
      plan_variation_id?: string;
    };
    for (const field of ["location_id", "customer_id", "plan_variation_id"] as const) {
      if (!body[field])
        return squareError(res, 400, "INVALID_REQUEST_ERROR", "MISSING_REQUIRED_PARAMETER", `Missing required parameter: ${field}`, field);
    }
    const subscription = state.createSubscription({
      idempotencyKey: body.idempotency_key || `auto-${Date.now()}-${Math.random()}`,
      locationId: body.location_id!,
      customerId: body.customer_id!,
      planVariationId: body.plan_variation_id!,
    });
    if (!subscription) return squareError(res, 400, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Customer or location not found.");
    return json(res, 200, { subscription });
  }

  if (method === "POST" && path === "/v2/subscriptions/search") {
    const body = (await readJson(req)) as SearchBody;
    const filter = body.query?.filter ?? {};
    const items = data.subscriptions.filter(
      (s) =>
        (!filter.customer_ids?.length || filter.customer_ids.includes(s.customer_id)) &&
        (!filter.location_ids?.length || filter.location_ids.includes(s.location_id)),
    );
    return listPage(res, {
      items,
      key: "subscriptions",
      scope: "subscriptions",
      cursor: body.cursor,
      limit: body.limit,
      defaultLimit: 200,
      maxLimit: 200,
    });
  }

  if (await handleOrderInvoiceApi(state, req, res, path)) return;

  squareError(res, 404, "INVALID_REQUEST_ERROR", "NOT_FOUND", `The fake does not implement ${method} ${path}.`);
}
