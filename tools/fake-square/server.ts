// A fake Square for tests, benchmarks and local demos: a plain Node HTTP server on loopback that
// speaks the parts of Square's API the app uses, in Square's snake_case JSON with integer money.
// Never imported by src/. Control endpoints under /_fake/ reset data, inject faults and send
// signed webhooks; the same operations are methods of the returned object.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { FAKE_APPLICATION_ID, FAKE_APPLICATION_SECRET } from "./defaults";
import { demoFixture, type Fixture, type RawInvoice } from "./fixtures";
import { authorizePage, errorPage } from "./pages";
import { buildSquareEvent, sendSquareWebhook } from "./webhook";

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
};

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
  /** Defaults for /_fake/webhooks: where to send and the key to sign with. */
  webhookTargetUrl?: string;
  webhookNotificationUrl?: string;
  webhookSignatureKey?: string;
  log?: boolean;
};

type TokenRecord = { merchantId: string; expiresAt: number; revoked: boolean };
type CodeRecord = { redirectUri: string; scopes: string[]; expiresAt: number };

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
  invoices: () => RawInvoice[];
  updateInvoice: (id: string, patch: Partial<RawInvoice>) => RawInvoice;
  /** Marks every payment request as paid (status PAID), as a payment would. */
  payInvoice: (id: string) => RawInvoice;
  /** Issues an access token directly (tests that do not need the OAuth dance). */
  issueToken: (ttlSeconds?: number) => { accessToken: string; refreshToken: string; expiresAt: string; merchantId: string };
  isTokenValid: (accessToken: string) => boolean;
  sendWebhook: (opts: { type: string; invoiceId?: string; subscriptionId?: string; eventId?: string; targetUrl?: string; notificationUrl?: string; signatureKey?: string; signature?: string }) => Promise<{ status: number; body: string; eventId: string }>;
};

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
};
const squareError = (res: http.ServerResponse, status: number, category: string, code: string, detail: string, field?: string) =>
  json(res, status, { errors: [{ category, code, detail, ...(field ? { field } : {}) }] });

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const encodeCursor = (scope: string, offset: number) => Buffer.from(JSON.stringify({ s: scope, o: offset })).toString("base64url");
function decodeCursor(cursor: string, scope: string): number | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { s?: string; o?: number };
    return value.s === scope && Number.isInteger(value.o) && (value.o ?? -1) >= 0 ? (value.o as number) : null;
  } catch {
    return null;
  }
}

export async function startFakeSquare(options: FakeSquareOptions = {}): Promise<FakeSquare> {
  const applicationId = options.applicationId ?? FAKE_APPLICATION_ID;
  const applicationSecret = options.applicationSecret ?? FAKE_APPLICATION_SECRET;
  const maxPageSize = options.maxPageSize ?? 200;
  let tokenTtlSeconds = options.tokenTtlSeconds ?? 30 * 24 * 60 * 60;
  let data: Fixture = options.fixture ?? demoFixture();
  let faults: (Fault & { seen: number; applied: number })[] = [];
  const accessTokens = new Map<string, TokenRecord>();
  const refreshTokens = new Map<string, { merchantId: string; revoked: boolean }>();
  const codes = new Map<string, CodeRecord>();
  const counts: Record<string, number> = {};
  let invoiceIndex = new Map(data.invoices.map((i) => [i.id, i]));

  const issue = (ttl = tokenTtlSeconds, refresh?: string) => {
    const accessToken = `EAAAfake${randomBytes(24).toString("hex")}`;
    const refreshToken = refresh ?? `EQAAfake${randomBytes(24).toString("hex")}`;
    const expiresAt = Date.now() + ttl * 1000;
    accessTokens.set(accessToken, { merchantId: data.merchantId, expiresAt, revoked: false });
    refreshTokens.set(refreshToken, { merchantId: data.merchantId, revoked: false });
    return { accessToken, refreshToken, expiresAt: new Date(expiresAt).toISOString().replace(/\.\d{3}Z$/, "Z"), merchantId: data.merchantId };
  };

  const tokenStatus = (token: string | undefined): "ok" | "missing" | "expired" | "revoked" => {
    const record = token ? accessTokens.get(token) : undefined;
    if (!record) return "missing";
    if (record.revoked) return "revoked";
    return record.expiresAt < Date.now() ? "expired" : "ok";
  };

  /** A fault matching this request, if any applies now (counts towards `after` and `times`). */
  const matchFault = (method: string, path: string) => {
    for (const fault of faults) {
      if (fault.path && !path.startsWith(fault.path)) continue;
      if (fault.method && fault.method.toUpperCase() !== method) continue;
      fault.seen += 1;
      if (fault.seen <= (fault.after ?? 0)) continue;
      fault.applied += 1;
      if (fault.times !== undefined && fault.applied >= fault.times) faults = faults.filter((f) => f !== fault);
      return fault;
    }
    return undefined;
  };

  const listPage = (res: http.ServerResponse, items: unknown[], key: string, scope: string, cursor: string | null, limitRaw: unknown, defaultLimit: number) => {
    const limit = limitRaw === undefined || limitRaw === null || limitRaw === "" ? defaultLimit : Number(limitRaw);
    if (!Number.isInteger(limit) || limit < 1) return squareError(res, 400, "INVALID_REQUEST_ERROR", "INVALID_VALUE", "limit must be a positive integer.", "limit");
    if (limit > maxPageSize) return squareError(res, 400, "INVALID_REQUEST_ERROR", "VALUE_TOO_HIGH", `limit must be at most ${maxPageSize}.`, "limit");
    const offset = cursor ? decodeCursor(cursor, scope) : 0;
    if (offset === null) return squareError(res, 400, "INVALID_REQUEST_ERROR", "INVALID_CURSOR", "The cursor is not valid.", "cursor");
    const page = items.slice(offset, offset + limit);
    const next = offset + limit < items.length ? encodeCursor(scope, offset + limit) : undefined;
    return json(res, 200, { [key]: page, ...(next ? { cursor: next } : {}) });
  };

  const redirect = (res: http.ServerResponse, location: string) => {
    res.writeHead(302, { location });
    res.end();
  };

  async function route(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const method = req.method ?? "GET";
    const path = url.pathname;

    // ---- control ----
    if (path.startsWith("/_fake/")) return control(req, res, method, path);

    // ---- OAuth ----
    if (method === "GET" && path === "/oauth2/authorize") {
      const clientId = url.searchParams.get("client_id") ?? "";
      const redirectUri = url.searchParams.get("redirect_uri") ?? "";
      const state = url.searchParams.get("state") ?? "";
      const scopes = (url.searchParams.get("scope") ?? "").split(/[\s+]+/).filter(Boolean);
      if (clientId !== applicationId) return html(res, 400, errorPage("Unknown client_id."));
      if (!/^https?:\/\//.test(redirectUri)) return html(res, 400, errorPage("A redirect_uri (http or https) is required."));
      // ?decision=allow|deny skips the page (scripts); the page's buttons send the same.
      const decision = url.searchParams.get("decision");
      if (decision) return decide(res, decision, { clientId, redirectUri, state, scopes });
      return html(res, 200, authorizePage({ clientId, scopes, state, redirectUri, merchantId: data.merchantId }));
    }
    if (method === "GET" && path === "/oauth2/authorize/decision") {
      const scopes = (url.searchParams.get("scope") ?? "").split(/[\s+]+/).filter(Boolean);
      return decide(res, url.searchParams.get("decision") ?? "deny", {
        clientId: url.searchParams.get("client_id") ?? "",
        redirectUri: url.searchParams.get("redirect_uri") ?? "",
        state: url.searchParams.get("state") ?? "",
        scopes,
      });
    }
    if (method === "POST" && path === "/oauth2/token") return token(res, await readJson(req));
    if (method === "POST" && path === "/oauth2/revoke") return revoke(req, res, await readJson(req));

    // ---- API: bearer token required ----
    if (path.startsWith("/v2/")) {
      const auth = req.headers.authorization ?? "";
      const status = tokenStatus(auth.startsWith("Bearer ") ? auth.slice(7) : undefined);
      if (status !== "ok") {
        const code = status === "expired" ? "ACCESS_TOKEN_EXPIRED" : status === "revoked" ? "ACCESS_TOKEN_REVOKED" : "UNAUTHORIZED";
        return squareError(res, 401, "AUTHENTICATION_ERROR", code, "This request could not be authorized.");
      }
      if (method === "GET" && path === "/v2/locations") return json(res, 200, { locations: data.locations });
      if (method === "GET" && path === "/v2/invoices") {
        const locationId = url.searchParams.get("location_id");
        if (!locationId) return squareError(res, 400, "INVALID_REQUEST_ERROR", "MISSING_REQUIRED_PARAMETER", "Missing required parameter: location_id", "location_id");
        const items = data.invoices.filter((i) => i.location_id === locationId);
        return listPage(res, items, "invoices", `list:${locationId}`, url.searchParams.get("cursor"), url.searchParams.get("limit"), 100);
      }
      if (method === "POST" && path === "/v2/invoices/search") {
        const body = (await readJson(req)) as { query?: { filter?: { location_ids?: string[]; customer_ids?: string[] } }; limit?: number; cursor?: string };
        const locationIds = body.query?.filter?.location_ids ?? [];
        if (locationIds.length !== 1) return squareError(res, 400, "INVALID_REQUEST_ERROR", "INVALID_ARRAY_LENGTH", "Exactly one location id is required.", "query.filter.location_ids");
        const customerIds = body.query?.filter?.customer_ids;
        const items = data.invoices.filter((i) => i.location_id === locationIds[0] && (!customerIds?.length || customerIds.includes(i.primary_recipient.customer_id)));
        return listPage(res, items, "invoices", `search:${locationIds[0]}:${(customerIds ?? []).join(",")}`, body.cursor ?? null, body.limit, 100);
      }
      const invoiceMatch = /^\/v2\/invoices\/([^/]+)$/.exec(path);
      if (method === "GET" && invoiceMatch) {
        const invoice = invoiceIndex.get(decodeURIComponent(invoiceMatch[1]!));
        return invoice ? json(res, 200, { invoice }) : squareError(res, 404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Invoice not found.");
      }
      const customerMatch = /^\/v2\/customers\/([^/]+)$/.exec(path);
      if (method === "GET" && customerMatch) {
        const customer = data.customers.find((c) => c.id === decodeURIComponent(customerMatch[1]!));
        return customer ? json(res, 200, { customer }) : squareError(res, 404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Customer not found.");
      }
      if (method === "POST" && path === "/v2/subscriptions/search") {
        const body = (await readJson(req)) as { query?: { filter?: { customer_ids?: string[]; location_ids?: string[] } }; limit?: number; cursor?: string };
        const filter = body.query?.filter ?? {};
        const items = data.subscriptions.filter(
          (s) => (!filter.customer_ids?.length || filter.customer_ids.includes(s.customer_id)) && (!filter.location_ids?.length || filter.location_ids.includes(s.location_id)),
        );
        return listPage(res, items, "subscriptions", "subscriptions", body.cursor ?? null, body.limit, 200);
      }
    }
    return squareError(res, 404, "INVALID_REQUEST_ERROR", "NOT_FOUND", `The fake does not implement ${method} ${path}.`);
  }

  const html = (res: http.ServerResponse, status: number, body: string) => {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
    res.end(body);
  };

  function decide(res: http.ServerResponse, decision: string, p: { clientId: string; redirectUri: string; state: string; scopes: string[] }) {
    if (p.clientId !== applicationId || !/^https?:\/\//.test(p.redirectUri)) return html(res, 400, errorPage("Invalid authorization request."));
    const target = new URL(p.redirectUri);
    if (p.state) target.searchParams.set("state", p.state);
    if (decision !== "allow") {
      target.searchParams.set("error", "access_denied");
      target.searchParams.set("error_description", "user_denied");
      return redirect(res, target.toString());
    }
    const code = `sq0cgb-fake-${randomBytes(16).toString("hex")}`;
    codes.set(code, { redirectUri: p.redirectUri, scopes: p.scopes, expiresAt: Date.now() + 5 * 60 * 1000 });
    target.searchParams.set("code", code);
    target.searchParams.set("response_type", "code");
    return redirect(res, target.toString());
  }

  async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
    const text = await readBody(req);
    if (!text) return {};
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      return {};
    }
  }

  function token(res: http.ServerResponse, body: Record<string, unknown>) {
    if (body.client_id !== applicationId || body.client_secret !== applicationSecret) {
      return squareError(res, 401, "AUTHENTICATION_ERROR", "UNAUTHORIZED", "Invalid client_id or client_secret.");
    }
    if (body.grant_type === "authorization_code") {
      const record = typeof body.code === "string" ? codes.get(body.code) : undefined;
      if (!record || record.expiresAt < Date.now()) return squareError(res, 400, "INVALID_REQUEST_ERROR", "INVALID_VALUE", "The authorization code is invalid or expired.", "code");
      codes.delete(body.code as string);
      if (body.redirect_uri !== record.redirectUri) {
        return squareError(res, 400, "INVALID_REQUEST_ERROR", "INVALID_VALUE", "redirect_uri must match the authorization request.", "redirect_uri");
      }
      const t = issue();
      return json(res, 200, { access_token: t.accessToken, token_type: "bearer", expires_at: t.expiresAt, merchant_id: t.merchantId, refresh_token: t.refreshToken, short_lived: false });
    }
    if (body.grant_type === "refresh_token") {
      const record = typeof body.refresh_token === "string" ? refreshTokens.get(body.refresh_token) : undefined;
      if (!record || record.revoked) return squareError(res, 401, "AUTHENTICATION_ERROR", "UNAUTHORIZED", "The refresh token is invalid.", "refresh_token");
      // Code flow: Square returns the same refresh token.
      const t = issue(tokenTtlSeconds, body.refresh_token as string);
      return json(res, 200, { access_token: t.accessToken, token_type: "bearer", expires_at: t.expiresAt, merchant_id: t.merchantId, refresh_token: t.refreshToken, short_lived: false });
    }
    return squareError(res, 400, "INVALID_REQUEST_ERROR", "INVALID_VALUE", "Unsupported grant_type.", "grant_type");
  }

  function revoke(req: http.IncomingMessage, res: http.ServerResponse, body: Record<string, unknown>) {
    if (req.headers.authorization !== `Client ${applicationSecret}`) {
      return squareError(res, 401, "AUTHENTICATION_ERROR", "UNAUTHORIZED", "Revoking needs Authorization: Client <application secret>.");
    }
    if (body.client_id !== applicationId) return squareError(res, 400, "INVALID_REQUEST_ERROR", "INVALID_VALUE", "Unknown client_id.", "client_id");
    const record = typeof body.access_token === "string" ? accessTokens.get(body.access_token) : undefined;
    const merchantId = record?.merchantId ?? (typeof body.merchant_id === "string" ? body.merchant_id : undefined);
    if (!merchantId) return squareError(res, 404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "No such token or merchant.");
    // Revokes the whole authorization of that merchant, like Square.
    for (const t of accessTokens.values()) if (t.merchantId === merchantId) t.revoked = true;
    if (body.revoke_only_access_token !== true) for (const t of refreshTokens.values()) if (t.merchantId === merchantId) t.revoked = true;
    return json(res, 200, { success: true });
  }

  const api: Omit<FakeSquare, "url" | "port" | "close"> = {
    applicationId,
    applicationSecret,
    merchantId: () => data.merchantId,
    reset(fixture) {
      data = fixture ?? demoFixture();
      invoiceIndex = new Map(data.invoices.map((i) => [i.id, i]));
      faults = [];
    },
    addFault(fault) {
      faults.push({ ...fault, seen: 0, applied: 0 });
    },
    clearFaults() {
      faults = [];
    },
    setTokenTtl(seconds) {
      tokenTtlSeconds = seconds;
    },
    requestCounts: () => ({ ...counts }),
    invoices: () => data.invoices,
    updateInvoice(id, patch) {
      const invoice = invoiceIndex.get(id);
      if (!invoice) throw new Error(`No invoice ${id}`);
      Object.assign(invoice, patch, { version: invoice.version + 1, updated_at: new Date().toISOString() });
      return invoice;
    },
    payInvoice(id) {
      const invoice = invoiceIndex.get(id);
      if (!invoice) throw new Error(`No invoice ${id}`);
      invoice.payment_requests = invoice.payment_requests.map((r) => ({ ...r, total_completed_amount_money: { ...r.computed_amount_money } }));
      delete invoice.next_payment_amount_money;
      invoice.status = "PAID";
      invoice.version += 1;
      invoice.updated_at = new Date().toISOString();
      return invoice;
    },
    issueToken: (ttl) => issue(ttl),
    isTokenValid: (accessToken) => tokenStatus(accessToken) === "ok",
    async sendWebhook(opts) {
      const key = opts.signatureKey ?? options.webhookSignatureKey;
      const target = opts.targetUrl ?? options.webhookTargetUrl;
      if (!key || !target) throw new Error("sendWebhook needs a target URL and a signature key (options or arguments).");
      let objectType: string;
      let object: { id: string; [key: string]: unknown };
      if (opts.invoiceId) {
        const invoice = invoiceIndex.get(opts.invoiceId);
        if (!invoice) throw new Error(`No invoice ${opts.invoiceId}`);
        objectType = "invoice";
        object = invoice;
      } else if (opts.subscriptionId) {
        const subscription = data.subscriptions.find((s) => s.id === opts.subscriptionId);
        if (!subscription) throw new Error(`No subscription ${opts.subscriptionId}`);
        objectType = "subscription";
        object = subscription;
      } else throw new Error("sendWebhook needs invoiceId or subscriptionId.");
      const event = buildSquareEvent({ merchantId: data.merchantId, type: opts.type, objectType, object, eventId: opts.eventId });
      const result = await sendSquareWebhook({
        targetUrl: target,
        notificationUrl: opts.notificationUrl ?? options.webhookNotificationUrl ?? target,
        signatureKey: key,
        event,
        signature: opts.signature,
      });
      return { ...result, eventId: event.event_id };
    },
  };

  async function control(req: http.IncomingMessage, res: http.ServerResponse, method: string, path: string) {
    const body = method === "POST" ? await readJson(req) : {};
    try {
      if (method === "GET" && path === "/_fake/health") return json(res, 200, { ok: true });
      if (method === "GET" && path === "/_fake/state") {
        return json(res, 200, { merchant_id: data.merchantId, locations: data.locations.length, invoices: data.invoices.length, customers: data.customers.length, subscriptions: data.subscriptions.length, faults: faults.length, requests: counts });
      }
      if (method === "POST" && path === "/_fake/reset") {
        api.reset();
        return json(res, 200, { ok: true });
      }
      if (method === "POST" && path === "/_fake/faults") {
        api.addFault({
          path: typeof body.path === "string" ? body.path : undefined,
          method: typeof body.method === "string" ? body.method : undefined,
          status: typeof body.status === "number" ? body.status : undefined,
          delayMs: typeof body.delay_ms === "number" ? body.delay_ms : undefined,
          after: typeof body.after === "number" ? body.after : undefined,
          times: typeof body.times === "number" ? body.times : undefined,
        });
        return json(res, 200, { ok: true, faults: faults.length });
      }
      if (method === "DELETE" && path === "/_fake/faults") {
        api.clearFaults();
        return json(res, 200, { ok: true });
      }
      if (method === "POST" && path === "/_fake/token-ttl" && typeof body.seconds === "number") {
        api.setTokenTtl(body.seconds);
        return json(res, 200, { ok: true });
      }
      const pay = /^\/_fake\/invoices\/([^/]+)\/pay$/.exec(path);
      if (method === "POST" && pay) return json(res, 200, { invoice: api.payInvoice(decodeURIComponent(pay[1]!)) });
      if (method === "POST" && path === "/_fake/webhooks") {
        const result = await api.sendWebhook({
          type: String(body.type ?? "invoice.updated"),
          invoiceId: typeof body.invoice_id === "string" ? body.invoice_id : undefined,
          subscriptionId: typeof body.subscription_id === "string" ? body.subscription_id : undefined,
          eventId: typeof body.event_id === "string" ? body.event_id : undefined,
          targetUrl: typeof body.target_url === "string" ? body.target_url : undefined,
          signatureKey: typeof body.signature_key === "string" ? body.signature_key : undefined,
        });
        return json(res, 200, result);
      }
    } catch (error) {
      return json(res, 400, { error: error instanceof Error ? error.message : String(error) });
    }
    return json(res, 404, { error: `No control endpoint ${method} ${path}` });
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake.local");
    const key = `${req.method} ${url.pathname}`;
    counts[key] = (counts[key] ?? 0) + 1;
    if (options.log) console.info(`[fake-square] ${key}`);
    const fault = url.pathname.startsWith("/_fake/") ? undefined : matchFault(req.method ?? "GET", url.pathname);
    const run = async () => {
      if (fault?.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
      if (res.destroyed) return;
      if (fault?.status) {
        const code = fault.status === 401 ? "UNAUTHORIZED" : fault.status === 429 ? "RATE_LIMITED" : "INTERNAL_SERVER_ERROR";
        const category = fault.status === 401 ? "AUTHENTICATION_ERROR" : fault.status === 429 ? "RATE_LIMIT_ERROR" : "API_ERROR";
        return squareError(res, fault.status, category, code, "Injected fault.");
      }
      await route(req, res, url);
    };
    run().catch((error) => {
      console.error("[fake-square] handler failed:", error);
      if (!res.headersSent) squareError(res, 500, "API_ERROR", "INTERNAL_SERVER_ERROR", "The fake failed.");
      else res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? "127.0.0.1"}:${port}`;
  return {
    ...api,
    url,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
