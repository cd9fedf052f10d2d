// Small HTTP helpers of the fake: GitLab's JSON answers, request parameters as Grape reads them
// (the query string merged with a JSON, form or multipart body), and GitLab's offset pagination with
// its X-* headers and Link header.
import type http from "node:http";

export type Headers = Record<string, string>;
export type Params = Record<string, unknown>;

/** Rails' JSON answers carry these on every API response. */
const API_HEADERS: Headers = {
  "cache-control": "no-cache",
  vary: "Origin",
  "x-content-type-options": "nosniff",
  "x-frame-options": "SAMEORIGIN",
};

export function json(res: http.ServerResponse, status: number, body: unknown, headers: Headers = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...API_HEADERS,
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** Rack's own answer, before Rails (the 429): plain text. */
export function text(res: http.ServerResponse, status: number, body: string, headers: Headers = {}): void {
  res.writeHead(status, { "content-type": "text/plain", "content-length": Buffer.byteLength(body), ...headers });
  res.end(body);
}

/** GitLab's body for a request body Grape cannot parse (its InvalidMessageBody, composed in full). */
export const INVALID_BODY = {
  error:
    "\nProblem:\n  message body does not match declared format\nResolution:\n  when specifying application/json as content-type, you must pass valid application/json in the request's 'body' ",
};

const BODY_LIMIT = 4 * 1024 * 1024;

async function readRaw(req: http.IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  // Read to the end even past the limit, so the sender reads the answer rather than a reset connection.
  for await (const chunk of req) {
    bytes += (chunk as Buffer).length;
    if (bytes <= BODY_LIMIT) chunks.push(chunk as Buffer);
  }
  return bytes > BODY_LIMIT ? undefined : Buffer.concat(chunks);
}

/** `labels[]=a&labels[]=b` is an array, as Rack reads brackets; a repeated plain name keeps the last value. */
function formParams(entries: Iterable<[string, FormDataEntryValue]>): Params {
  const params: Params = {};
  for (const [name, value] of entries) {
    const text = typeof value === "string" ? value : value.name;
    if (name.endsWith("[]")) {
      const list = (params[name.slice(0, -2)] ??= []) as unknown[];
      if (Array.isArray(list)) list.push(text);
    } else params[name] = text;
  }
  return params;
}

/**
 * The request's parameters as Grape sees them: the query string, then the body over it (JSON,
 * urlencoded or multipart). Undefined when a JSON body does not parse (GitLab's 400). A JSON body
 * that is not an object adds nothing, as there.
 */
export async function readParams(req: http.IncomingMessage, url: URL): Promise<Params | undefined> {
  const params = formParams(url.searchParams.entries());
  const raw = await readRaw(req);
  if (raw === undefined) return undefined;
  const type = String(req.headers["content-type"] ?? "")
    .split(";")[0]!
    .trim()
    .toLowerCase();
  if (raw.length === 0) return params;
  if (type === "application/json" || type.endsWith("+json")) {
    try {
      const value: unknown = JSON.parse(raw.toString("utf8"));
      return typeof value === "object" && value !== null && !Array.isArray(value) ? { ...params, ...(value as Params) } : params;
    } catch {
      return undefined;
    }
  }
  if (type === "application/x-www-form-urlencoded")
    return { ...params, ...formParams(new URLSearchParams(raw.toString("utf8")).entries()) };
  if (type === "multipart/form-data") {
    const form = await new Request("http://fake.local/", {
      method: "POST",
      headers: { "content-type": String(req.headers["content-type"]) },
      body: new Uint8Array(raw),
    })
      .formData()
      .catch(() => undefined);
    return form ? { ...params, ...formParams(form.entries()) } : undefined;
  }
  return params;
}

/** Form fields of an urlencoded body (the fake's own HTML forms). */
export async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const raw = await readRaw(req);
  return new URLSearchParams((raw ?? Buffer.alloc(0)).toString("utf8").slice(0, 10_000));
}

/** GitLab's page size: 20 unless `per_page` says otherwise, never more than 100 (more is cut, not refused). */
const DEFAULT_PER_PAGE = 20;
const MAX_PER_PAGE = 100;

/** `page` and `per_page` as Grape types them: a value that is not a whole number is a 400. */
export function pageParams(url: URL, errors: string[]): { page: number; perPage: number } {
  const read = (name: string, fallback: number) => {
    const raw = url.searchParams.get(name);
    if (raw === null || raw === "") return fallback;
    if (!/^[+-]?\d+$/.test(raw.trim())) {
      errors.push(`${name} is invalid`);
      return fallback;
    }
    const value = Number(raw);
    return value >= 1 ? value : fallback;
  };
  return { page: read("page", 1), perPage: Math.min(read("per_page", DEFAULT_PER_PAGE), MAX_PER_PAGE) };
}

/**
 * One page of `items` with GitLab's headers: X-Page, X-Per-Page, X-Next-Page and X-Prev-Page (empty
 * when there is none), X-Total, X-Total-Pages (at least 1), and a Link header with prev, next, first
 * and last that keeps the request's query parameters (sorted, as Rails writes them). `apiUrl` is the
 * request's URL on the fake (the path as the client sent it, still encoded).
 */
export function paginate<T>(
  items: T[],
  url: URL,
  apiUrl: string,
  page: { page: number; perPage: number },
): { items: T[]; headers: Headers } {
  const { perPage } = page;
  const totalPages = Math.max(1, Math.ceil(items.length / perPage));
  const current = page.page;
  // Kaminari's: no next page from the last, and neither next nor previous past the last.
  const next = current < totalPages ? current + 1 : null;
  const prev = current > 1 && current <= totalPages ? current - 1 : null;
  const at = (n: number) => {
    const query = new URLSearchParams(url.searchParams);
    query.set("page", String(n));
    query.set("per_page", String(perPage));
    query.sort();
    return `<${apiUrl}?${query.toString()}>`;
  };
  const links: string[] = [];
  if (prev !== null) links.push(`${at(prev)}; rel="prev"`);
  if (next !== null) links.push(`${at(next)}; rel="next"`);
  links.push(`${at(1)}; rel="first"`, `${at(totalPages)}; rel="last"`);
  return {
    items: items.slice((current - 1) * perPage, current * perPage),
    headers: {
      link: links.join(", "),
      "x-next-page": next === null ? "" : String(next),
      "x-page": String(current),
      "x-per-page": String(perPage),
      "x-prev-page": prev === null ? "" : String(prev),
      "x-total": String(items.length),
      "x-total-pages": String(totalPages),
    },
  };
}

/** The API's timestamps: ISO 8601 in UTC with milliseconds. */
export const iso = (ms: number) => new Date(ms).toISOString();
/** Webhook payloads' timestamps: Ruby's Time#to_s in UTC ("2025-01-31 12:00:00 UTC"), as GitLab's deliveries carry them. */
export const hookTime = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d{3}Z$/, " UTC");
