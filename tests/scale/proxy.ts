// The load balancer of the harness and the bench: round robin over the instances, X-Forwarded-For
// appended with the client's socket address (as nginx's $proxy_add_x_forwarded_for), and the
// failover a real balancer does: a connection refused (an instance restarting) goes to the next
// instance, as does a GET whose connection dropped before any answer. Request bodies are
// buffered (the harness sends small ones) so that a refused request can be sent again.
// The test-only header x-scale-upstream: <index> pins a request to one instance.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ProxyStats = { byStatus: Map<number, number>; byUpstream: number[]; failures: number; retries: number };

export type RoundRobinProxy = {
  url: string;
  port: number;
  stats: ProxyStats;
  resetStats: () => void;
  /** Upstreams taken out of (or put back into) the rotation, as a health check would. */
  setUpstreams: (ports: number[]) => void;
  close: () => Promise<void>;
};

const RETRYABLE_CONNECT = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE"]);

export async function startProxy(upstreamPorts: number[], opts: { port?: number } = {}): Promise<RoundRobinProxy> {
  let upstreams = [...upstreamPorts];
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const fresh = (): ProxyStats => ({ byStatus: new Map(), byUpstream: upstreams.map(() => 0), failures: 0, retries: 0 });
  let stats = fresh();

  function forward(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, attempt: number, pinned: number | null) {
    const index = pinned ?? next++ % upstreams.length;
    const port = upstreams[index]!;
    const headers = { ...req.headers };
    delete headers["x-scale-upstream"];
    const prior = headers["x-forwarded-for"];
    const client = req.socket.remoteAddress ?? "";
    headers["x-forwarded-for"] = prior ? `${String(prior)}, ${client}` : client;
    headers["x-forwarded-proto"] = "http";
    headers["x-forwarded-host"] = req.headers.host ?? "";
    headers["content-length"] = String(body.byteLength);
    delete headers["transfer-encoding"];
    let answered = false;
    const upstream = http.request({ host: "127.0.0.1", port, method: req.method, path: req.url, headers, agent }, (answer) => {
      answered = true;
      const status = answer.statusCode ?? 502;
      stats.byStatus.set(status, (stats.byStatus.get(status) ?? 0) + 1);
      stats.byUpstream[index] = (stats.byUpstream[index] ?? 0) + 1;
      res.writeHead(status, answer.rawHeaders);
      answer.pipe(res);
      answer.on("error", () => res.destroy());
    });
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      if (answered) return res.destroy();
      const idempotent = req.method === "GET" || req.method === "HEAD";
      const safeToRetry = error.code === "ECONNREFUSED" || (idempotent && RETRYABLE_CONNECT.has(error.code ?? ""));
      if (safeToRetry && attempt < upstreams.length * 3 && pinned === null) {
        stats.retries++;
        // A moment's pause, so a whole rotation of refusals does not spin.
        setTimeout(() => forward(req, res, body, attempt + 1, null), attempt >= upstreams.length ? 50 : 0);
        return;
      }
      stats.failures++;
      stats.byStatus.set(502, (stats.byStatus.get(502) ?? 0) + 1);
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(`bad gateway: ${error.code ?? error.message}`);
    });
    upstream.end(body);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const pin = req.headers["x-scale-upstream"];
      const pinned = pin === undefined ? null : Number(pin) % upstreams.length;
      forward(req, res, Buffer.concat(chunks), 0, pinned);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get stats() {
      return stats;
    },
    resetStats: () => (stats = fresh()),
    setUpstreams: (ports) => {
      upstreams = [...ports];
      stats.byUpstream = upstreams.map(() => 0);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
