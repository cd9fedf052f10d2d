// The guarded fetch as a standard `fetch` for client libraries: requests and answers pass through
// unchanged (methods, headers, JSON bodies, several values of one header), a redirect comes back
// unfollowed, an answer with no body has none, and the gate still refuses what it refuses.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowLoopbackForTests, OutboundRefused } from "@/server/core/outbound/guarded-fetch";
import { guardedFetchApi } from "@/server/core/outbound/guarded-fetch-api";

describe("guardedFetchApi", () => {
  let server: http.Server;
  let base = "";
  let disallow: () => void = () => {};
  const seen: { method?: string; headers?: http.IncomingHttpHeaders; body?: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        seen.push({ method: req.method, headers: req.headers, body });
        if (req.url === "/moved") return res.writeHead(301, { location: "http://8.8.8.8/" }).end();
        if (req.url === "/empty") return res.writeHead(204).end();
        if (req.url === "/big") return res.writeHead(200).end("x".repeat(300_000));
        res.writeHead(200, { "content-type": "application/json", link: "<a>; rel=next", "set-cookie": ["a=1", "b=2"] });
        res.end(JSON.stringify({ method: req.method, body: body ? (JSON.parse(body) as unknown) : null }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    base = `http://127.0.0.1:${port}`;
    disallow = allowLoopbackForTests(`127.0.0.1:${port}`);
  });
  afterAll(async () => {
    disallow();
    await new Promise((resolve) => server.close(resolve));
  });

  it("sends the library's method, headers and JSON body, and hands back status, headers and body", async () => {
    const fetch = guardedFetchApi();
    const answer = await fetch(`${base}/repos/acme/app/issues/1`, {
      method: "PATCH",
      headers: { authorization: "Bearer t0ken", "content-type": "application/json" },
      body: JSON.stringify({ state: "closed" }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("link")).toBe("<a>; rel=next");
    expect(await answer.json()).toEqual({ method: "PATCH", body: { state: "closed" } });
    expect(seen.at(-1)).toMatchObject({ method: "PATCH", headers: { authorization: "Bearer t0ken" } });

    const fromRequest = await fetch(new Request(`${base}/user`, { headers: { accept: "application/vnd.github+json" } }));
    expect(await fromRequest.json()).toEqual({ method: "GET", body: null });
    expect(seen.at(-1)?.headers?.accept).toBe("application/vnd.github+json");
  });

  it("returns a redirect as it is, an empty answer without a body, and refuses an answer over the limit", async () => {
    const fetch = guardedFetchApi({ maxResponseBytes: 100_000 });
    const moved = await fetch(`${base}/moved`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("http://8.8.8.8/");
    expect((await fetch(`${base}/empty`, { method: "DELETE" })).status).toBe(204);
    await expect(fetch(`${base}/big`)).rejects.toThrow("The answer was larger than");
  });

  it("refuses private and loopback targets outside the test's own port, and a method it does not send", async () => {
    const fetch = guardedFetchApi();
    await expect(fetch("http://10.0.0.1/api/v4/projects")).rejects.toBeInstanceOf(OutboundRefused);
    await expect(fetch("http://127.0.0.1:1/")).rejects.toBeInstanceOf(OutboundRefused);
    await expect(fetch(`${base}/`, { method: "TRACE" })).rejects.toThrow("The method TRACE is not sent");
  });
});
