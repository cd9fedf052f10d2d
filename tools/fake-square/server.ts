// A fake Square for tests, benchmarks and local demos: a plain Node HTTP server on loopback that
// speaks the parts of Square's API the app uses, in Square's snake_case JSON with integer money.
// Never imported by src/. Control endpoints under /_fake/ reset data, inject faults and send
// signed webhooks; the same operations are methods of the returned object.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { handleApi } from "./api-routes";
import { handleControl } from "./control-routes";
import { FAKE_APPLICATION_ID, FAKE_APPLICATION_SECRET } from "./defaults";
import { demoFixture, type Fixture, type RawInvoice, type RawOrder, type RawSubscription } from "./fixtures";
import { squareError } from "./http";
import { handleOAuth } from "./oauth-routes";
import { handlePages } from "./page-routes";
import { ALL_FAKE_SCOPES } from "./scopes";
import { type Fault, FakeState, type IssuedToken } from "./state";
import { buildSquareEvent, sendSquareWebhook } from "./webhook";

export type { Fault } from "./state";

export type FakeSquareOptions = {
  port?: number;
  host?: string;
  fixture?: Fixture;
  applicationId?: string;
  applicationSecret?: string;
  /** Lifetime of issued access tokens (Square's: 30 days). */
  tokenTtlSeconds?: number;
  /** Largest page ListInvoices returns (Square: 200). */
  maxPageSize?: number;
  /** Defaults for sendWebhook and /_fake/webhooks: where to send and the key to sign with. */
  webhookTargetUrl?: string;
  webhookNotificationUrl?: string;
  webhookSignatureKey?: string;
  log?: boolean;
  /** Scopes of tokens issued without an authorize request (issueToken); default every scope the fake checks. */
  defaultScopes?: string[];
  /** Tokens the fake knows from its start (the demo's connection), with every default scope and the usual lifetime. */
  knownTokens?: { accessToken: string; refreshToken: string }[];
};

export type WebhookRequest = {
  type: string;
  invoiceId?: string;
  subscriptionId?: string;
  eventId?: string;
  targetUrl?: string;
  notificationUrl?: string;
  signatureKey?: string;
  signature?: string;
};

export type FakeSquare = {
  url: string;
  port: number;
  applicationId: string;
  applicationSecret: string;
  merchantId: () => string;
  close: () => Promise<void>;
  reset: (fixture?: Fixture) => void;
  addFault: (fault: Fault) => void;
  clearFaults: () => void;
  setTokenTtl: (seconds: number) => void;
  /** Counts of requests served per "METHOD /path" (query excluded). */
  requestCounts: () => Record<string, number>;
  summary: () => Record<string, unknown>;
  invoices: () => RawInvoice[];
  /** The orders behind the invoices (their line items), to change as a seller would. */
  orders: () => RawOrder[];
  /** An order created through the API (CreateOrder), by id. */
  order: (id: string) => RawOrder | undefined;
  /** Marks every payment request as paid (status PAID), as a payment would. */
  payInvoice: (id: string) => RawInvoice;
  /** Publishes a new unpaid invoice for one of the fixture's customers. */
  publishInvoice: (customerId: string, amountCents: number, title: string) => RawInvoice;
  /** The subscriptions the fake holds (the fixture's and those created through the API). */
  subscriptions: () => RawSubscription[];
  /** Moves a subscription to another status (e.g. ACTIVE once it starts), a new version. */
  setSubscriptionStatus: (id: string, status: string, chargedThroughDate?: string) => RawSubscription;
  /** Issues an access token directly (tests that do not need the OAuth dance), with these scopes or the default ones. */
  issueToken: (ttlSeconds?: number, scopes?: string[]) => IssuedToken;
  /** The scopes an access token was granted. */
  tokenScopes: (accessToken: string) => string[];
  isTokenValid: (accessToken: string) => boolean;
  /** Sends a signed notification about one invoice or subscription of the fixture. */
  sendWebhook: (request: WebhookRequest) => Promise<{ status: number; body: string; eventId: string }>;
};

export async function startFakeSquare(options: FakeSquareOptions = {}): Promise<FakeSquare> {
  const state = new FakeState(
    options.applicationId ?? FAKE_APPLICATION_ID,
    options.applicationSecret ?? FAKE_APPLICATION_SECRET,
    options.maxPageSize ?? 200,
    options.fixture ?? demoFixture(),
    options.tokenTtlSeconds ?? 30 * 24 * 60 * 60,
    options.defaultScopes ?? ALL_FAKE_SCOPES,
  );

  const api: Omit<FakeSquare, "url" | "port" | "close"> = {
    applicationId: state.applicationId,
    applicationSecret: state.applicationSecret,
    merchantId: () => state.data.merchantId,
    reset: (fixture) => state.reset(fixture),
    addFault: (fault) => void state.faults.push({ ...fault, seen: 0, applied: 0 }),
    clearFaults: () => void (state.faults = []),
    setTokenTtl: (seconds) => void (state.tokenTtlSeconds = seconds),
    requestCounts: () => ({ ...state.counts }),
    summary: () => ({
      merchant_id: state.data.merchantId,
      locations: state.data.locations.length,
      invoices: state.data.invoices.length,
      orders: state.data.orders.length,
      customers: state.data.customers.length,
      subscriptions: state.data.subscriptions.length,
      faults: state.faults.length,
      requests: { ...state.counts },
    }),
    invoices: () => state.data.invoices,
    orders: () => state.data.orders,
    order: (id) => state.orderById(id),
    payInvoice: (id) => state.payInvoice(id),
    publishInvoice: (customerId, amountCents, title) => state.publishInvoice(customerId, amountCents, title),
    subscriptions: () => state.data.subscriptions,
    setSubscriptionStatus: (id, status, through) => state.setSubscriptionStatus(id, status, through),
    issueToken: (ttl, scopes) => state.issue(ttl, undefined, scopes),
    tokenScopes: (accessToken) => state.scopesOf(accessToken),
    isTokenValid: (accessToken) => state.tokenStatus(accessToken) === "ok",
    async sendWebhook(request) {
      const key = request.signatureKey ?? options.webhookSignatureKey;
      const target = request.targetUrl ?? options.webhookTargetUrl;
      if (!key || !target) throw new Error("sendWebhook needs a target URL and a signature key (options or arguments).");
      let objectType: "invoice" | "subscription";
      let object: { id: string; [key: string]: unknown } | undefined;
      if (request.invoiceId) {
        objectType = "invoice";
        object = state.invoiceIndex.get(request.invoiceId);
      } else if (request.subscriptionId) {
        objectType = "subscription";
        object = state.data.subscriptions.find((s) => s.id === request.subscriptionId);
      } else throw new Error("sendWebhook needs invoiceId or subscriptionId.");
      if (!object) throw new Error(`No ${objectType} ${request.invoiceId ?? request.subscriptionId}`);
      const event = buildSquareEvent({
        merchantId: state.data.merchantId,
        type: request.type,
        objectType,
        object,
        eventId: request.eventId,
      });
      const result = await sendSquareWebhook({
        targetUrl: target,
        notificationUrl: request.notificationUrl ?? options.webhookNotificationUrl ?? target,
        signatureKey: key,
        event,
        signature: request.signature,
      });
      return { ...result, eventId: event.event_id };
    },
  };

  for (const known of options.knownTokens ?? []) state.know(known.accessToken, known.refreshToken);

  async function route(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    if (url.pathname.startsWith("/_fake/")) return handleControl(api, req, res, url.pathname);
    if (await handlePages(state, req, res, url)) return;
    const fault = state.matchFault(req.method ?? "GET", url.pathname);
    if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (res.destroyed) return;
    if (fault?.status) {
      const [category, code] =
        fault.status === 401
          ? ["AUTHENTICATION_ERROR", "UNAUTHORIZED"]
          : fault.status === 429
            ? ["RATE_LIMIT_ERROR", "RATE_LIMITED"]
            : ["API_ERROR", "INTERNAL_SERVER_ERROR"];
      if (fault.status === 429) res.setHeader("retry-after", String(fault.retryAfterSeconds ?? 1));
      return squareError(res, fault.status, category, code, "Injected fault.");
    }
    if (await handleOAuth(state, req, res, url)) return;
    if (url.pathname.startsWith("/v2/")) return handleApi(state, req, res, url);
    squareError(res, 404, "INVALID_REQUEST_ERROR", "NOT_FOUND", `The fake does not implement ${req.method} ${url.pathname}.`);
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake.local");
    const key = `${req.method} ${url.pathname}`;
    state.counts[key] = (state.counts[key] ?? 0) + 1;
    if (options.log) console.info(`[fake-square] ${key}`);
    route(req, res, url).catch((error) => {
      console.error("[fake-square] handler failed:", error);
      if (!res.headersSent) squareError(res, 500, "API_ERROR", "INTERNAL_SERVER_ERROR", "The fake failed.");
      else res.end();
    });
  });

  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    ...api,
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
