// The client address the app sees, for both ways of serving: behind scripts/start.mjs (its own
// socket stamp) and under `next start` (the in-process stamp from src/server/core/peer-stamp.ts). Real
// node:http servers and sockets; src/proxy.ts's header rewrite is the function under test.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { proxy, withClientAddress } from "@/proxy";
import { ACTION_BODY_UNREADABLE, ACTION_CROSS_SITE, ACTION_ORIGIN_MISSING } from "@/server/core/action-request";
import { PEER_HEADER, PEER_NONCE_KEY } from "@/server/core/client-address";
import { ensurePeerStamp } from "@/server/core/peer-stamp";

const g = globalThis as Record<symbol, string | undefined>;
const servers: http.Server[] = [];
afterAll(() => {
  for (const server of servers) server.close();
});

/** A server that answers with the request headers as proxy.ts would pass them to the app. */
async function appServer(stamp?: (req: http.IncomingMessage) => void): Promise<string> {
  const server = http.createServer((req, res) => {
    stamp?.(req);
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(key, value);
    const seen = withClientAddress(headers);
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ xff: seen.get("x-forwarded-for"), stamp: seen.get(PEER_HEADER) }));
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function seen(url: string, headers: Record<string, string>): Promise<{ xff: string; stamp: string | null }> {
  return (await fetch(url, { headers })).json() as Promise<{ xff: string; stamp: string | null }>;
}

describe("served by scripts/start.mjs (it stamps the socket under its nonce)", () => {
  it("uses the socket address and ignores a forged stamp and forwarded header", async () => {
    const nonce = "start-script-nonce-0123456789";
    g[PEER_NONCE_KEY] = nonce;
    // What start.mjs does for every request: overwrite the stamp with the real peer.
    const url = await appServer((req) => void (req.headers[PEER_HEADER] = `${nonce} ${req.socket.remoteAddress}`));
    const result = await seen(url, { "x-forwarded-for": "6.6.6.6", [PEER_HEADER]: "guess 6.6.6.6" });
    expect(result).toEqual({ xff: "127.0.0.1", stamp: null });
    delete g[PEER_NONCE_KEY];
  });
});

describe("served by `next start` (the in-process stamp)", () => {
  it("without the stamp, a forged forwarded header would decide the address", async () => {
    const url = await appServer();
    expect((await seen(url, { "x-forwarded-for": "6.6.6.6" })).xff).toBe("6.6.6.6");
  });

  it("with ensurePeerStamp every node:http server stamps the socket; client copies never pass", async () => {
    expect(ensurePeerStamp()).toBe("in-process hook");
    expect(ensurePeerStamp()).toBe("start-script"); // installed once: the nonce is now set
    const url = await appServer();
    expect(await seen(url, { "x-forwarded-for": "6.6.6.6" })).toEqual({ xff: "127.0.0.1", stamp: null });
    expect((await seen(url, { "x-forwarded-for": "6.6.6.6", [PEER_HEADER]: "forged 6.6.6.6" })).xff).toBe("127.0.0.1");
  });
});

describe("proxy()", () => {
  it("passes every request on with one normalized X-Forwarded-For and no stamp", async () => {
    const request = new NextRequest("http://localhost:3000/api/contact/send", {
      method: "POST",
      headers: { "x-forwarded-for": "6.6.6.6, 7.7.7.7", "x-real-ip": "6.6.6.6", [PEER_HEADER]: "forged 1.1.1.1" },
    });
    const response = await proxy(request);
    expect(response.headers.get("x-middleware-next")).toBe("1");
    // Next applies these overrides to the request the app receives.
    expect(response.headers.get("x-middleware-override-headers")?.split(",")).toEqual(expect.arrayContaining(["x-forwarded-for"]));
    // No genuine stamp on a hand-made request: the rightmost entry, never the client's leftmost.
    expect(response.headers.get("x-middleware-request-x-forwarded-for")).toBe("7.7.7.7");
    expect(response.headers.get("x-middleware-request-x-real-ip")).toBeNull();
    expect(response.headers.get(`x-middleware-request-${PEER_HEADER}`)).toBeNull();
  });

  it("redirects a signed-out admin page request to the login, and lets the login through", async () => {
    expect((await proxy(new NextRequest("http://localhost:3000/admin/clients"))).headers.get("location")).toBe(
      "http://localhost:3000/admin/login",
    );
    expect((await proxy(new NextRequest("http://localhost:3000/admin/login"))).headers.get("x-middleware-next")).toBe("1");
    expect((await proxy(new NextRequest("http://localhost:3000/administrator"))).headers.get("location")).toBeNull();
  });
});

describe("proxy(): server actions", () => {
  const action = (init: { origin?: string | null; type?: string; body: string }) => {
    const headers = new Headers({ "next-action": "7f00aa", "content-type": init.type ?? "text/plain;charset=UTF-8" });
    if (init.origin !== null) headers.set("origin", init.origin ?? new URL(process.env.APP_URL!).origin);
    return new NextRequest(new URL("/", process.env.APP_URL), { method: "POST", headers, body: init.body });
  };

  it("answers a foreign or missing Origin with 403, before Next's own check would answer 500", async () => {
    const foreign = await proxy(action({ origin: "https://evil.example", body: "[]" }));
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ success: false, error: ACTION_CROSS_SITE });
    const missing = await proxy(action({ origin: null, body: "[]" }));
    expect(missing.status).toBe(403);
    expect(await missing.json()).toEqual({ success: false, error: ACTION_ORIGIN_MISSING });
  });

  it("answers a body React cannot decode with 400, and passes a well-formed one on to Next", async () => {
    const bads = [
      action({ body: "[{not json" }),
      action({ type: "application/json", body: "[]" }),
      action({ type: "", body: "x" }),
      // JSON, but a reference to a field the body does not hold; form data without the arguments' field.
      action({ body: '["$1"]' }),
      action({ type: "multipart/form-data; boundary=x", body: "--x--" }),
    ];
    for (const bad of bads) {
      const response = await proxy(bad);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ success: false, error: ACTION_BODY_UNREADABLE });
    }
    for (const good of [
      action({ body: '[{"projectId":"00000000-0000-4000-8000-000000000000"}]' }),
      action({ type: "multipart/form-data; boundary=x", body: '--x\r\nContent-Disposition: form-data; name="0"\r\n\r\n[]\r\n--x--\r\n' }),
    ])
      expect((await proxy(good)).headers.get("x-middleware-next")).toBe("1");
  });
});
