// The fake's memory: the seller's data, issued codes and tokens, injected faults, request counts.
import { randomBytes } from "node:crypto";
import { buildInvoice, buildOrder, demoFixture, type Fixture, type RawInvoice, type RawOrder, type RawSubscription } from "./fixtures";

export type Fault = {
  /** Path prefix the fault applies to, e.g. "/v2/invoices" (default: every path). */
  path?: string;
  method?: string;
  /** Answer with this status (500, 401, …) instead of the real response. */
  status?: number;
  /** Wait this long before answering ("slow"). */
  delayMs?: number;
  /** Let this many matching requests through first. */
  after?: number;
  /** Apply this many times, then forget the fault (default: until cleared). */
  times?: number;
  /** With status 429: the Retry-After header, in seconds (Square's rate limiting). */
  retryAfterSeconds?: number;
};

type TokenRecord = { merchantId: string; expiresAt: number; revoked: boolean; scopes: string[] };
type CodeRecord = { redirectUri: string; scopes: string[]; expiresAt: number };
export type IssuedToken = { accessToken: string; refreshToken: string; expiresAt: string; merchantId: string };

export class FakeState {
  data: Fixture;
  invoiceIndex: Map<string, RawInvoice>;
  tokenTtlSeconds: number;
  faults: (Fault & { seen: number; applied: number })[] = [];
  readonly accessTokens = new Map<string, TokenRecord>();
  readonly refreshTokens = new Map<string, { merchantId: string; revoked: boolean; scopes: string[] }>();
  readonly codes = new Map<string, CodeRecord>();
  readonly counts: Record<string, number> = {};
  /** Subscriptions created through the API by idempotency key: the same key answers the same subscription. */
  readonly createdSubscriptions = new Map<string, RawSubscription>();
  /** Orders and invoices created through the API, by idempotency key (the orders themselves are in `data.orders`). */
  readonly createdOrders = new Map<string, RawOrder>();
  readonly createdInvoices = new Map<string, RawInvoice>();

  constructor(
    readonly applicationId: string,
    readonly applicationSecret: string,
    readonly maxPageSize: number,
    fixture: Fixture,
    tokenTtlSeconds: number,
    /** What a token issued without an authorize request (issueToken) is granted. */
    readonly defaultScopes: string[],
  ) {
    this.data = fixture;
    this.invoiceIndex = new Map(fixture.invoices.map((i) => [i.id, i]));
    this.tokenTtlSeconds = tokenTtlSeconds;
  }

  reset(fixture?: Fixture): void {
    this.data = fixture ?? demoFixture();
    this.invoiceIndex = new Map(this.data.invoices.map((i) => [i.id, i]));
    this.faults = [];
    this.createdSubscriptions.clear();
    this.createdOrders.clear();
    this.createdInvoices.clear();
  }

  orderById(id: string): RawOrder | undefined {
    return this.data.orders.find((order) => order.id === id);
  }

  /**
   * A subscription created as Square's CreateSubscription does: PENDING until it starts (Square's
   * webhook then says ACTIVE; the fake's `setSubscriptionStatus`). Null when the customer or the
   * location is unknown.
   */
  createSubscription(input: {
    idempotencyKey: string;
    locationId: string;
    customerId: string;
    planVariationId: string;
  }): RawSubscription | null {
    const known = this.createdSubscriptions.get(input.idempotencyKey);
    if (known) return known;
    if (!this.data.customers.some((c) => c.id === input.customerId)) return null;
    if (!this.data.locations.some((l) => l.id === input.locationId)) return null;
    const now = new Date().toISOString();
    const subscription: RawSubscription = {
      id: `sub-fake-${randomBytes(8).toString("hex")}`,
      location_id: input.locationId,
      customer_id: input.customerId,
      plan_variation_id: input.planVariationId,
      status: "PENDING",
      start_date: now.slice(0, 10),
      timezone: "UTC",
      created_at: now,
      version: 1,
    };
    this.data.subscriptions.push(subscription);
    this.createdSubscriptions.set(input.idempotencyKey, subscription);
    return subscription;
  }

  /** Moves a subscription to another status (ACTIVE, CANCELED, …), as Square does over time. */
  setSubscriptionStatus(id: string, status: string, chargedThroughDate?: string): RawSubscription {
    const subscription = this.data.subscriptions.find((s) => s.id === id);
    if (!subscription) throw new Error(`No subscription ${id}`);
    subscription.status = status;
    if (chargedThroughDate) subscription.charged_through_date = chargedThroughDate;
    subscription.version += 1;
    return subscription;
  }

  /** A new access token (and refresh token, unless one is being reused), Square's formats. */
  issue(ttlSeconds = this.tokenTtlSeconds, refreshToken?: string, scopes: string[] = this.defaultScopes): IssuedToken {
    const accessToken = `EAAAfake${randomBytes(24).toString("hex")}`;
    const refresh = refreshToken ?? `EQAAfake${randomBytes(24).toString("hex")}`;
    const expiresAt = Date.now() + ttlSeconds * 1000;
    this.accessTokens.set(accessToken, { merchantId: this.data.merchantId, expiresAt, revoked: false, scopes: [...scopes] });
    if (!refreshToken) this.refreshTokens.set(refresh, { merchantId: this.data.merchantId, revoked: false, scopes: [...scopes] });
    // Square's expires_at has no milliseconds.
    return {
      accessToken,
      refreshToken: refresh,
      expiresAt: new Date(expiresAt).toISOString().replace(/\.\d{3}Z$/, "Z"),
      merchantId: this.data.merchantId,
    };
  }

  /** A token pair the fake accepts from its start, as if issued now (the demo's stored connection). */
  know(accessToken: string, refreshToken: string): void {
    const expiresAt = Date.now() + this.tokenTtlSeconds * 1000;
    this.accessTokens.set(accessToken, { merchantId: this.data.merchantId, expiresAt, revoked: false, scopes: [...this.defaultScopes] });
    this.refreshTokens.set(refreshToken, { merchantId: this.data.merchantId, revoked: false, scopes: [...this.defaultScopes] });
  }

  newCode(record: CodeRecord): string {
    const code = `sq0cgb-fake-${randomBytes(16).toString("hex")}`;
    this.codes.set(code, record);
    return code;
  }

  /** The scopes an access token was granted ([] when unknown). */
  scopesOf(token: string | undefined): string[] {
    return (token ? this.accessTokens.get(token)?.scopes : undefined) ?? [];
  }

  tokenRecord(token: string | undefined) {
    return token ? this.accessTokens.get(token) : undefined;
  }

  tokenStatus(token: string | undefined): "ok" | "missing" | "expired" | "revoked" {
    const record = token ? this.accessTokens.get(token) : undefined;
    if (!record) return "missing";
    if (record.revoked) return "revoked";
    return record.expiresAt < Date.now() ? "expired" : "ok";
  }

  /** A fault matching this request, if one applies now (counts towards `after` and `times`). */
  matchFault(method: string, path: string): Fault | undefined {
    for (const fault of this.faults) {
      if (fault.path && !path.startsWith(fault.path)) continue;
      if (fault.method && fault.method.toUpperCase() !== method) continue;
      fault.seen += 1;
      if (fault.seen <= (fault.after ?? 0)) continue;
      fault.applied += 1;
      if (fault.times !== undefined && fault.applied >= fault.times) this.faults = this.faults.filter((f) => f !== fault);
      return fault;
    }
    return undefined;
  }

  /** A new UNPAID invoice for an existing customer, due in 30 days (as a seller would publish it). */
  publishInvoice(customerId: string, amountCents: number, title: string): RawInvoice {
    const customer = this.data.customers.find((c) => c.id === customerId);
    if (!customer) throw new Error(`No customer ${customerId}`);
    const n = 9000 + this.data.invoices.length;
    const now = new Date();
    const due = new Date(now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
    const spec = {
      n,
      number: `SQ-${n}`,
      location: this.data.locations[0]!.id,
      customer,
      status: "UNPAID",
      title,
      createdDaysAgo: 0,
      requests: [
        {
          request_type: "BALANCE" as const,
          due_date: due,
          computed_amount_money: { amount: amountCents, currency: "USD" as const },
          total_completed_amount_money: { amount: 0, currency: "USD" as const },
        },
      ],
    };
    const invoice = buildInvoice(spec, now);
    this.data.invoices.push(invoice);
    this.data.orders.push(buildOrder(spec, invoice, now));
    this.invoiceIndex.set(invoice.id, invoice);
    return invoice;
  }

  payInvoice(id: string): RawInvoice {
    const invoice = this.invoiceIndex.get(id);
    if (!invoice) throw new Error(`No invoice ${id}`);
    invoice.payment_requests = invoice.payment_requests.map((r) => ({
      ...r,
      total_completed_amount_money: { ...r.computed_amount_money },
    }));
    delete invoice.next_payment_amount_money;
    invoice.status = "PAID";
    invoice.version += 1;
    invoice.updated_at = new Date().toISOString();
    return invoice;
  }
}
