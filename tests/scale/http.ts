// A small HTTP client for the harness and the bench: node:http (so each simulated user can speak
// from its own loopback address, 127.x.y.z, as a distinct client would), a cookie jar, no retries.
import http from "node:http";

export type HttpResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: () => string;
  json: <T = unknown>() => T;
};

export type HttpOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The client's own address (any 127.0.0.0/8 address works on Linux loopback). */
  localAddress?: string;
  agent?: http.Agent;
  timeoutMs?: number;
};

export function httpRequest(url: string, opts: HttpOptions = {}): Promise<HttpResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: opts.method ?? "GET",
        headers: { ...(opts.body !== undefined ? { "content-length": String(Buffer.byteLength(opts.body)) } : {}), ...opts.headers },
        localAddress: opts.localAddress,
        agent: opts.agent ?? false,
        timeout: opts.timeoutMs ?? 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text: () => body.toString("utf8"),
            json: <T>() => JSON.parse(body.toString("utf8")) as T,
          });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error(`timeout: ${opts.method ?? "GET"} ${url}`)));
    req.on("error", reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** Cookies as a browser keeps them for one site: set by answers, sent with every request. */
export class CookieJar {
  private cookies = new Map<string, string>();

  store(headers: http.IncomingHttpHeaders): void {
    for (const line of headers["set-cookie"] ?? []) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  has(namePart: string): boolean {
    return [...this.cookies.keys()].some((k) => k.includes(namePart));
  }

  copy(): CookieJar {
    const jar = new CookieJar();
    for (const [k, v] of this.cookies) jar.cookies.set(k, v);
    return jar;
  }
}

/** A browser-like client of one site: its own address, its cookies, same-origin requests. */
export class Browser {
  readonly jar: CookieJar;
  constructor(
    readonly origin: string,
    readonly localAddress: string,
    jar?: CookieJar,
    readonly agent?: http.Agent,
    /** Where requests go when not to `origin` (an instance reached directly). */
    readonly base: string = origin,
  ) {
    this.jar = jar ?? new CookieJar();
  }

  async request(path: string, opts: HttpOptions & { json?: unknown; upstream?: number } = {}): Promise<HttpResponse> {
    const headers: Record<string, string> = { origin: this.origin, "sec-fetch-site": "same-origin", ...opts.headers };
    const cookie = this.jar.header();
    if (cookie) headers.cookie = cookie;
    let body = opts.body;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers["content-type"] = "application/json";
    }
    if (opts.upstream !== undefined) headers["x-scale-upstream"] = String(opts.upstream);
    const response = await httpRequest(this.base + path, {
      ...opts,
      headers,
      body,
      localAddress: this.localAddress,
      agent: opts.agent ?? this.agent,
    });
    this.jar.store(response.headers);
    return response;
  }
}
