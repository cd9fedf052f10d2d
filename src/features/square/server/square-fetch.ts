import "server-only";
import pLimit from "p-limit";
import { SquareError, type Square, type SquareClient } from "square";
import { toSquareApiError } from "./client";
import { partyName } from "./invoice-mapping";

// Reads everything a sync needs from Square before anything is written: every location, every
// page of invoices, the orders they bill (their line items), the customers they are addressed to,
// and the subscriptions.

const PAGE_SIZE = 200; // Square's maximum for ListInvoices and SearchSubscriptions
const CUSTOMER_CONCURRENCY = 8; // requests in flight at once (p-limit), for customers and order batches alike
const ORDER_BATCH = 100; // Square's maximum for BatchRetrieveOrders

export async function listLocationIds(client: SquareClient): Promise<string[]> {
  try {
    const { locations } = await client.locations.list();
    return (locations ?? []).map((l) => l.id).filter((id): id is string => typeof id === "string" && id !== "");
  } catch (error) {
    throw toSquareApiError(error, "listing locations", "locations.list");
  }
}

/** All invoices of one location, following the SDK's cursor pagination to the last page. */
export async function listLocationInvoices(
  client: SquareClient,
  locationId: string,
): Promise<{ invoices: Square.Invoice[]; pages: number }> {
  try {
    let page = await client.invoices.list({ locationId, limit: PAGE_SIZE });
    const invoices = [...page.data];
    let pages = 1;
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      invoices.push(...page.data);
      pages += 1;
    }
    return { invoices, pages };
  } catch (error) {
    throw toSquareApiError(error, "listing invoices", "invoices.list");
  }
}

/** What a customer record at Square says now: its e-mail (lower case) and name, each null when it has none. */
export type CustomerRecord = { email: string | null; name: string | null };

/** Each customer's record; both fields null for a customer Square no longer has. */
export async function fetchCustomerRecords(client: SquareClient, customerIds: string[]): Promise<Map<string, CustomerRecord>> {
  const records = await pLimit(CUSTOMER_CONCURRENCY).map(customerIds, async (customerId): Promise<CustomerRecord> => {
    try {
      const { customer } = await client.customers.get({ customerId });
      return { email: customer?.emailAddress?.trim().toLowerCase() || null, name: partyName(customer) };
    } catch (error) {
      // A deleted customer: the invoice's recipient snapshot still names an email.
      if (error instanceof SquareError && error.statusCode === 404) return { email: null, name: null };
      throw toSquareApiError(error, "reading customers", "customers.get");
    }
  });
  return new Map(customerIds.map((id, i) => [id, records[i] ?? { email: null, name: null }]));
}

/**
 * The orders behind these invoices (their line items), by order id: BatchRetrieveOrders per
 * location, 100 ids a call. An order Square no longer has is simply absent.
 */
export async function fetchInvoiceOrders(client: SquareClient, invoices: Square.Invoice[]): Promise<Map<string, Square.Order>> {
  const byLocation = new Map<string, string[]>();
  for (const invoice of invoices) {
    if (invoice.status === "DRAFT" || !invoice.orderId || !invoice.locationId) continue;
    const ids = byLocation.get(invoice.locationId) ?? [];
    ids.push(invoice.orderId);
    byLocation.set(invoice.locationId, ids);
  }
  const batches: { locationId: string; orderIds: string[] }[] = [];
  for (const [locationId, ids] of byLocation) {
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += ORDER_BATCH) batches.push({ locationId, orderIds: unique.slice(i, i + ORDER_BATCH) });
  }
  const results = await pLimit(CUSTOMER_CONCURRENCY).map(batches, async (batch) => {
    try {
      const { orders } = await client.orders.batchGet(batch);
      return orders ?? [];
    } catch (error) {
      throw toSquareApiError(error, "reading orders", "orders.batchGet");
    }
  });
  return new Map(results.flat().flatMap((order) => (order.id ? [[order.id, order] as const] : [])));
}

/** Every subscription of the seller; SearchSubscriptions is not paginated by the SDK. */
export async function searchAllSubscriptions(client: SquareClient): Promise<Square.Subscription[]> {
  const all: Square.Subscription[] = [];
  let cursor: string | undefined;
  try {
    do {
      const response = await client.subscriptions.search({ limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) });
      all.push(...(response.subscriptions ?? []));
      cursor = response.cursor || undefined;
    } while (cursor);
  } catch (error) {
    throw toSquareApiError(error, "reading subscriptions", "subscriptions.search");
  }
  return all;
}

export type SquareSnapshot = {
  locationCount: number;
  pageCount: number;
  invoices: Square.Invoice[];
  customers: Map<string, CustomerRecord>;
  /** The invoices' orders by order id. */
  orders: Map<string, Square.Order>;
  subscriptions: Square.Subscription[];
};

/**
 * Everything the sync writes, read first so a failure half-way leaves the database untouched.
 * Without `orders` (a connection lacking ORDERS_READ) no order is read and `orders` is empty.
 */
export async function fetchSquareSnapshot(
  client: SquareClient,
  { orders: readOrders = true }: { orders?: boolean } = {},
): Promise<SquareSnapshot> {
  const locationIds = await listLocationIds(client);
  const perLocation = await Promise.all(locationIds.map((id) => listLocationInvoices(client, id)));
  const invoices = perLocation.flatMap((l) => l.invoices);
  const customerIds = [
    ...new Set(
      invoices
        .filter((i) => i.status !== "DRAFT")
        .map((i) => i.primaryRecipient?.customerId)
        .filter((id): id is string => Boolean(id)),
    ),
  ];
  const [customers, orders, subscriptions] = await Promise.all([
    fetchCustomerRecords(client, customerIds),
    readOrders ? fetchInvoiceOrders(client, invoices) : Promise.resolve(new Map<string, Square.Order>()),
    searchAllSubscriptions(client),
  ]);
  return {
    locationCount: locationIds.length,
    pageCount: perLocation.reduce((n, l) => n + l.pages, 0),
    invoices,
    customers,
    orders,
    subscriptions,
  };
}
