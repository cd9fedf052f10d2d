// The fake Square keeps the rules of Square the product relies on (tools/fake-square/README.md):
// scopes granted as asked, 403 INSUFFICIENT_SCOPES outside them, token status, VERSION_MISMATCH on
// a stale update, idempotency keys, and 429 with Retry-After on request. Plain HTTP, no app code.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSquare, type FakeSquare } from "../../tools/fake-square/server";

let fake: FakeSquare;
beforeAll(async () => {
  fake = await startFakeSquare();
});
afterAll(() => fake.close());

function call(token: string, method: string, path: string, body?: unknown) {
  return fetch(`${fake.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The OAuth code flow as the product runs it, asking for `scopes`; the access token. */
async function authorize(scopes: string[]): Promise<string> {
  const url = new URL(`${fake.url}/oauth2/authorize`);
  url.searchParams.set("client_id", fake.applicationId);
  url.searchParams.set("scope", scopes.join(" "));
  url.searchParams.set("redirect_uri", "http://app.test/callback");
  url.searchParams.set("state", "s");
  url.searchParams.set("decision", "allow");
  const back = new URL((await fetch(url, { redirect: "manual" })).headers.get("location")!);
  const token = await fetch(`${fake.url}/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_id: fake.applicationId,
      client_secret: fake.applicationSecret,
      grant_type: "authorization_code",
      code: back.searchParams.get("code"),
      redirect_uri: "http://app.test/callback",
    }),
  });
  return ((await token.json()) as { access_token: string }).access_token;
}

describe("fake Square: Square's rules", () => {
  it("grants the scopes asked for, reports them from token status, and refuses the rest with INSUFFICIENT_SCOPES", async () => {
    const token = await authorize(["INVOICES_READ", "MERCHANT_PROFILE_READ"]);
    const status = await call(token, "POST", "/oauth2/token/status");
    expect(await status.json()).toMatchObject({ scopes: ["INVOICES_READ", "MERCHANT_PROFILE_READ"], merchant_id: fake.merchantId() });
    expect((await call(token, "GET", "/v2/locations")).status).toBe(200);
    const refused = await call(token, "POST", "/v2/orders/batch-retrieve", { order_ids: ["x"] });
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as { errors: { category: string; code: string; detail: string }[] };
    expect(body.errors[0]).toMatchObject({ category: "AUTHENTICATION_ERROR", code: "INSUFFICIENT_SCOPES" });
    expect(body.errors[0]!.detail).toContain("ORDERS_READ");
  });

  it("answers a stale version with VERSION_MISMATCH and a repeated idempotency key with the first result", async () => {
    const token = fake.issueToken().accessToken;
    const [sub] = fake.subscriptions();
    const stale = await call(token, "PUT", `/v2/subscriptions/${sub!.id}`, { subscription: { version: sub!.version - 1 } });
    expect(stale.status).toBe(400);
    expect(((await stale.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe("VERSION_MISMATCH");
    expect((await call(token, "PUT", `/v2/subscriptions/${sub!.id}`, { subscription: { version: sub!.version } })).status).toBe(200);

    const [invoice] = fake.invoices();
    const staleInvoice = await call(token, "PUT", `/v2/invoices/${invoice!.id}`, { invoice: { version: invoice!.version + 7 } });
    expect(((await staleInvoice.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe("VERSION_MISMATCH");

    const order = {
      idempotency_key: "same-key",
      order: {
        location_id: fake.invoices()[0]!.location_id,
        line_items: [{ name: "A", quantity: "1", base_price_money: { amount: 100, currency: "USD" } }],
      },
    };
    const first = (await (await call(token, "POST", "/v2/orders", order)).json()) as { order: { id: string } };
    const second = (await (await call(token, "POST", "/v2/orders", order)).json()) as { order: { id: string } };
    expect(second.order.id).toBe(first.order.id);
  });

  it("answers 429 with Retry-After when asked through the control API", async () => {
    await fetch(`${fake.url}/_fake/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "/v2/locations", status: 429, retry_after: 7, times: 1 }),
    });
    const limited = await call(fake.issueToken().accessToken, "GET", "/v2/locations");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
  });
});
