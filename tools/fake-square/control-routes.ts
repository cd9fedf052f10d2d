// /_fake/*: what tests, demos and the dev script use to steer the fake over HTTP. Each endpoint
// calls the same method the in-process object offers.
import type http from "node:http";
import { json, readJson } from "./http";
import type { FakeSquare } from "./server";

const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const num = (v: unknown) => (typeof v === "number" ? v : undefined);

export async function handleControl(
  fake: Omit<FakeSquare, "url" | "port" | "close">,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  path: string,
): Promise<void> {
  const method = req.method ?? "GET";
  const body = method === "POST" ? await readJson(req) : {};
  try {
    if (method === "GET" && path === "/_fake/health") return json(res, 200, { ok: true });
    if (method === "GET" && path === "/_fake/state") return json(res, 200, fake.summary());
    if (method === "POST" && path === "/_fake/reset") {
      fake.reset();
      return json(res, 200, { ok: true });
    }
    if (method === "POST" && path === "/_fake/faults") {
      fake.addFault({
        path: str(body.path),
        method: str(body.method),
        status: num(body.status),
        delayMs: num(body.delay_ms),
        after: num(body.after),
        times: num(body.times),
        retryAfterSeconds: num(body.retry_after),
      });
      return json(res, 200, { ok: true });
    }
    if (method === "DELETE" && path === "/_fake/faults") {
      fake.clearFaults();
      return json(res, 200, { ok: true });
    }
    if (method === "POST" && path === "/_fake/token-ttl" && num(body.seconds) !== undefined) {
      fake.setTokenTtl(num(body.seconds)!);
      return json(res, 200, { ok: true });
    }
    if (method === "POST" && path === "/_fake/invoices" && str(body.customer_id)) {
      return json(res, 200, {
        invoice: fake.publishInvoice(str(body.customer_id)!, num(body.amount) ?? 50_000, str(body.title) ?? "New invoice"),
      });
    }
    const subscriptionStatus = /^\/_fake\/subscriptions\/([^/]+)\/status$/.exec(path);
    if (method === "POST" && subscriptionStatus && str(body.status)) {
      return json(res, 200, {
        subscription: fake.setSubscriptionStatus(
          decodeURIComponent(subscriptionStatus[1]!),
          str(body.status)!,
          str(body.charged_through_date),
        ),
      });
    }
    const pay = /^\/_fake\/invoices\/([^/]+)\/pay$/.exec(path);
    if (method === "POST" && pay) return json(res, 200, { invoice: fake.payInvoice(decodeURIComponent(pay[1]!)) });
    if (method === "POST" && path === "/_fake/webhooks") {
      const result = await fake.sendWebhook({
        type: str(body.type) ?? "invoice.updated",
        invoiceId: str(body.invoice_id),
        subscriptionId: str(body.subscription_id),
        eventId: str(body.event_id),
        targetUrl: str(body.target_url),
        signatureKey: str(body.signature_key),
      });
      return json(res, 200, result);
    }
  } catch (error) {
    return json(res, 400, { error: error instanceof Error ? error.message : String(error) });
  }
  json(res, 404, { error: `No control endpoint ${method} ${path}` });
}
