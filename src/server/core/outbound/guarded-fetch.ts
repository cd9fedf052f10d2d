import "server-only";
import { lookup as dnsLookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { serverEnv } from "@/server/core/env";
import { isPublicAddress } from "./public-address";

// The one way the server sends a request to an address a client or the firm typed (a webhook
// endpoint, a chat's incoming-webhook URL): docs/ARCHITECTURE.md and src/server/core/README.md.
// It refuses what is not the public internet after the name is resolved, and connects to the very
// address it checked (a second lookup could answer otherwise: DNS rebinding); follows no redirect;
// sends no cookie and keeps no connection; gives up after the time-out; reads a bounded answer.

export const OUTBOUND_TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 64 * 1024;

/** Why a request was not sent or not answered: shown to the owners in a delivery log. */
export class OutboundRefused extends Error {
  override name = "OutboundRefused";
}

export type OutboundRequest = {
  url: string;
  method?: "POST" | "GET" | "PUT" | "PATCH" | "DELETE";
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  /** The most of the answer read (64 KB unless given): a tracker's list answers more than a webhook's receiver. */
  maxResponseBytes?: number;
};
export type OutboundResponse = { status: number; headers: http.IncomingHttpHeaders; body: string; truncated: boolean };

/**
 * Loopback host:port pairs the tests' fake receivers listen on: the one exception to the rule,
 * never honoured in production (NODE_ENV=production), and only ever set by a test
 * (`allowLoopbackForTests`). A built server (the demo, the browser tests) has the others:
 * DEV_FAKE_PORTS with APP_ENV=development and the demo services `npm start` runs, loopback only,
 * never on a production deployment.
 */
const TEST_ALLOWANCE = Symbol.for("sentinel.outboundTestAllowance");
type Allowance = Set<string>;
const allowance = (): Allowance => ((globalThis as Record<symbol, Allowance | undefined>)[TEST_ALLOWANCE] ??= new Set());

export function allowLoopbackForTests(hostPort: string): () => void {
  if (process.env.NODE_ENV === "production") throw new Error("The outbound test allowance is for tests only.");
  allowance().add(hostPort);
  return () => allowance().delete(hostPort);
}

/**
 * The loopback origins the allowances let through (the tests', and DEV_FAKE_PORTS in development),
 * for a library that calls out itself and trusts only the origins it is given (better-auth's SSO
 * plugin). Never any on a production deployment.
 */
export function allowedLoopbackOrigins(): string[] {
  const origins =
    process.env.NODE_ENV === "production"
      ? []
      : [...allowance()].filter((hostPort) => hostPort.startsWith("127.0.0.1:")).map((hostPort) => `http://${hostPort}`);
  origins.push(...fakePorts().map((port) => `http://127.0.0.1:${port}`));
  return origins;
}

/**
 * The loopback ports of the fakes a built server may call: DEV_FAKE_PORTS with APP_ENV=development,
 * and the demo services `npm start` runs itself (docs/DEPLOYMENT.md#demo-services). Never any on a
 * production deployment: the environment has neither there, and this checks again.
 */
function fakePorts(): number[] {
  const env = serverEnv();
  if (env.isProduction) return [];
  const demo = Object.values(env.demoServices).map((origin) => Number(new URL(origin).port));
  return [...(env.devTools ? env.devFakePorts : []), ...demo];
}

function allowedByTest(address: string, port: number): boolean {
  if (address !== "127.0.0.1" && address !== "::1") return false;
  if (process.env.NODE_ENV !== "production" && allowance().has(`${address}:${port}`)) return true;
  return fakePorts().includes(port);
}

/**
 * Whether an address typed into a form would be refused when sent to: an IP literal or a local name
 * that is not public (a name that resolves to one is refused when sent, since it may change).
 */
export function isRefusedTarget(raw: string): boolean {
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  if (isIP(host)) return !isPublicAddress(host) && !allowedByTest(host, port);
  return host === "localhost" || host.endsWith(".localhost");
}

const refusedAddress = (host: string) =>
  new OutboundRefused(`${host} is not an address on the public internet: requests to private, local and reserved addresses are refused.`);

/** A URL we may send to: http(s), no credentials in it, a port of our own choosing at most. */
function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused("The address is not a valid URL.");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new OutboundRefused("Only http and https addresses can be called.");
  if (url.username || url.password) throw new OutboundRefused("The address may not carry a user name or password.");
  return url;
}

export async function guardedFetch(request: OutboundRequest): Promise<OutboundResponse> {
  const url = parseTarget(request.url);
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && !isPublicAddress(host) && !allowedByTest(host, port)) throw refusedAddress(host);

  // Resolves the name, refuses it if any of its addresses is not public, and hands the socket the
  // address it checked.
  const lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as { address: string; family: number }[];
      const refused = list.find(({ address }) => !isPublicAddress(address) && !allowedByTest(address, port));
      if (refused || list.length === 0) return callback(refusedAddress(hostname), "", 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };

  const timeoutMs = request.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const transport = url.protocol === "https:" ? https : http;
  return new Promise<OutboundResponse>((resolve, reject) => {
    const req = transport.request(
      url,
      {
        method: request.method ?? "POST",
        headers: { ...request.headers, "content-length": Buffer.byteLength(request.body ?? "").toString() },
        lookup,
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        const limit = request.maxResponseBytes ?? MAX_RESPONSE_BYTES;
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        res.on("data", (chunk: Buffer) => {
          if (size >= limit) {
            truncated = true;
            res.destroy();
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        const done = () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).subarray(0, limit).toString("utf8"),
            truncated,
          });
        res.on("end", done);
        res.on("close", done);
        res.on("error", (error) => (truncated ? done() : reject(error)));
      },
    );
    req.on("error", (error: Error & { code?: string }) => {
      if (error instanceof OutboundRefused) return reject(error);
      if (error.name === "AbortError" || error.code === "ABORT_ERR")
        return reject(new OutboundRefused(`No answer within ${Math.round(timeoutMs / 1000)} seconds.`));
      reject(new OutboundRefused(`The request failed: ${error.code ?? error.message}.`));
    });
    req.end(request.body ?? "");
  });
}
