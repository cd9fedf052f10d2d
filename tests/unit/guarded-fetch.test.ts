// The one outbound request to an address a person typed: public addresses only, checked after the
// name is resolved; no redirect followed, no cookie sent, a time-out, a bounded answer.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetServerEnv } from "@/server/core/env";
import { allowLoopbackForTests, guardedFetch, OutboundRefused } from "@/server/core/outbound/guarded-fetch";
import { isPublicAddress } from "@/server/core/outbound/public-address";

describe("which addresses are public", () => {
  it.each([
    ["8.8.8.8", true],
    ["1.1.1.1", true],
    ["2606:4700:4700::1111", true],
    ["127.0.0.1", false],
    ["127.9.9.9", false],
    ["10.0.0.1", false],
    ["172.16.5.4", false],
    ["172.31.255.255", false],
    ["172.32.0.1", true],
    ["192.168.1.1", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["0.0.0.0", false],
    ["224.0.0.1", false],
    ["255.255.255.255", false],
    ["::1", false],
    ["::", false],
    ["::127.0.0.1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:7f00:1", false],
    ["::ffff:8.8.8.8", true],
    ["0:0:0:0:0:ffff:7f00:1", false],
    // IPv4-translated (SIIT): judged like IPv4-mapped.
    ["::ffff:0:127.0.0.1", false],
    ["::ffff:0:7f00:1", false],
    ["::ffff:0:a9fe:a9fe", false],
    ["0000:0000:0000:0000:ffff:0000:0a00:0001", false],
    ["::ffff:0:8.8.8.8", true],
    ["64:ff9b::127.0.0.1", false],
    ["64:ff9b:1::808:808", false],
    ["64:ff9b::a00:1", false],
    ["2002:a00:1::", false],
    ["fd12:3456::1", false],
    ["fe80::1", false],
    ["ff02::1", false],
    ["not-an-address", false],
  ])("%s → %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe("guardedFetch", () => {
  let server: http.Server;
  let port = 0;
  let seen: http.IncomingHttpHeaders | null = null;
  let disallow: () => void = () => {};

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen = req.headers;
      if (req.url === "/redirect") {
        res.writeHead(302, { location: "http://8.8.8.8/" }).end();
      } else if (req.url === "/slow") {
        setTimeout(() => res.end("late"), 2_000);
      } else if (req.url === "/big") {
        res.writeHead(200).end("x".repeat(200_000));
      } else {
        let body = "";
        req.on("data", (chunk: Buffer) => (body += chunk.toString()));
        req.on("end", () => res.writeHead(201, { "content-type": "text/plain" }).end(`got ${body}`));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    disallow();
    await new Promise((resolve) => server.close(resolve));
  });

  it("refuses loopback, private and link-local addresses, by number or by a name that resolves to one", async () => {
    for (const url of [
      `http://127.0.0.1:${port}/`,
      "http://10.0.0.1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/",
      `http://localhost:${port}/`,
      "http://0x7f000001/",
    ])
      await expect(guardedFetch({ url, body: "{}" }), url).rejects.toBeInstanceOf(OutboundRefused);
    expect(seen).toBeNull();
  });

  it("refuses what is not an http(s) URL, and credentials in one", async () => {
    await expect(guardedFetch({ url: "file:///etc/passwd" })).rejects.toThrow("Only http and https addresses can be called.");
    await expect(guardedFetch({ url: "not a url" })).rejects.toThrow("The address is not a valid URL.");
    await expect(guardedFetch({ url: "https://user:pass@example.com/" })).rejects.toThrow("may not carry a user name or password");
  });

  describe("with the tests' allowance for one loopback port", () => {
    beforeAll(() => {
      disallow = allowLoopbackForTests(`127.0.0.1:${port}`);
    });

    it("sends the body with the given headers and no cookie, and reads the answer", async () => {
      const answer = await guardedFetch({
        url: `http://127.0.0.1:${port}/hook`,
        headers: { "content-type": "application/json" },
        body: '{"a":1}',
      });
      expect(answer).toMatchObject({ status: 201, body: 'got {"a":1}', truncated: false });
      expect(seen?.cookie).toBeUndefined();
      expect(seen?.["content-type"]).toBe("application/json");
    });

    it("does not follow a redirect", async () => {
      const answer = await guardedFetch({ url: `http://127.0.0.1:${port}/redirect`, body: "" });
      expect(answer.status).toBe(302);
    });

    it("gives up after the time-out", async () => {
      await expect(guardedFetch({ url: `http://127.0.0.1:${port}/slow`, body: "", timeoutMs: 200 })).rejects.toThrow("No answer within");
    });

    it("reads at most 64 KB of an answer", async () => {
      const answer = await guardedFetch({ url: `http://127.0.0.1:${port}/big`, method: "GET" });
      expect(answer.status).toBe(200);
      expect(answer.body.length).toBeLessThanOrEqual(64 * 1024);
      expect(answer.truncated).toBe(true);
    });

    it("still refuses another loopback port", async () => {
      await expect(guardedFetch({ url: `http://127.0.0.1:${port + 1}/`, body: "" })).rejects.toBeInstanceOf(OutboundRefused);
    });
  });

  // A built server (the demo, the browser tests) reaches the fakes in tools/ by DEV_FAKE_PORTS.
  describe("with DEV_FAKE_PORTS", () => {
    const saved = { APP_ENV: process.env.APP_ENV, DEV_FAKE_PORTS: process.env.DEV_FAKE_PORTS };
    const setEnv = (values: Partial<typeof saved>) => {
      for (const [name, value] of Object.entries(values)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetServerEnv();
    };
    // Without the tests' own allowance, which the block above left on.
    beforeAll(() => disallow());
    afterAll(() => setEnv(saved));

    it("calls a listed loopback port with APP_ENV=development, and no other port", async () => {
      setEnv({ APP_ENV: "development", DEV_FAKE_PORTS: `4999, ${port}` });
      const answer = await guardedFetch({ url: `http://127.0.0.1:${port}/hook`, body: "x" });
      expect(answer).toMatchObject({ status: 201, body: "got x" });
      await expect(guardedFetch({ url: `http://127.0.0.1:${port + 1}/`, body: "" })).rejects.toBeInstanceOf(OutboundRefused);
      await expect(guardedFetch({ url: `http://10.0.0.1:${port}/`, body: "" })).rejects.toBeInstanceOf(OutboundRefused);
    });

    it("is ignored without APP_ENV=development", async () => {
      for (const appEnv of [undefined, "production", "staging"]) {
        setEnv({ APP_ENV: appEnv, DEV_FAKE_PORTS: String(port) });
        await expect(guardedFetch({ url: `http://127.0.0.1:${port}/hook`, body: "" })).rejects.toBeInstanceOf(OutboundRefused);
      }
    });
  });

  // `npm start`'s demo services (docs/DEPLOYMENT.md#demo-services): their ports, never in production.
  describe("with the demo services' addresses", () => {
    const saved = {
      APP_ENV: process.env.APP_ENV,
      DEMO_SERVICE_URLS: process.env.DEMO_SERVICE_URLS,
      DEMO_SERVICES: process.env.DEMO_SERVICES,
    };
    const setEnv = (values: Partial<typeof saved>) => {
      for (const [name, value] of Object.entries(values)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetServerEnv();
    };
    afterAll(() => setEnv(saved));

    it("calls a running demo service's loopback port outside production, and no other port", async () => {
      setEnv({ APP_ENV: undefined, DEMO_SERVICES: undefined, DEMO_SERVICE_URLS: JSON.stringify({ receiver: `http://127.0.0.1:${port}` }) });
      expect(await guardedFetch({ url: `http://127.0.0.1:${port}/hook`, body: "x" })).toMatchObject({ status: 201 });
      await expect(guardedFetch({ url: `http://127.0.0.1:${port + 1}/`, body: "" })).rejects.toBeInstanceOf(OutboundRefused);
    });

    it("refuses them on a production deployment and with DEMO_SERVICES=off", async () => {
      const urls = JSON.stringify({ receiver: `http://127.0.0.1:${port}` });
      for (const env of [
        { APP_ENV: "production", DEMO_SERVICES: undefined },
        { APP_ENV: undefined, DEMO_SERVICES: "off" },
      ]) {
        setEnv({ ...env, DEMO_SERVICE_URLS: urls });
        await expect(guardedFetch({ url: `http://127.0.0.1:${port}/hook`, body: "" })).rejects.toBeInstanceOf(OutboundRefused);
      }
    });
  });
});
